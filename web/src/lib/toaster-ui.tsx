/**
 * The toast store and its view (Chakra's toaster on zag's toast machine): loaded after the page
 * has hydrated (lib/toaster.tsx), since no page needs them to show its content.
 */
import { Toaster as ChakraToaster, Portal, Stack, Toast, createToaster } from '@chakra-ui/react';
import type { ToastKind } from './toaster';

export const toaster = createToaster({ placement: 'bottom-end', pauseOnPageIdle: true, max: 1 });

export function notify(kind: ToastKind, title: string, description?: string): void {
  // `max: 1` alone queues a new toast behind the one showing, so feedback came seconds late and
  // out of order (an old 'Login failed' over the dashboard). The showing one goes first.
  toaster.remove();
  toaster.create({ type: kind, title, description, closable: true, duration: kind === 'error' ? 7000 : 4000 });
}

export default function ToasterView() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(t) => (
          <Toast.Root width={{ md: 'sm' }} data-testid="toast">
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {t.title && <Toast.Title>{t.title}</Toast.Title>}
              {/* Full opacity: the recipe's 0.8 drops white-on-green below WCAG AA contrast. */}
              {t.description && <Toast.Description opacity="1">{t.description}</Toast.Description>}
            </Stack>
            {t.closable && <Toast.CloseTrigger aria-label="Dismiss notification" />}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
