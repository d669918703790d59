/**
 * Toasts (SPEC §8, §9): one at a time — a new toast replaces the one showing. Errors are the
 * 'error' type (the spec's "destructive").
 */
import { Toaster as ChakraToaster, Portal, Stack, Toast, createToaster } from '@chakra-ui/react';

export const toaster = createToaster({ placement: 'bottom-end', pauseOnPageIdle: true, max: 1 });

export type ToastKind = 'success' | 'error' | 'info' | 'warning';

export function notify(kind: ToastKind, title: string, description?: string): void {
  // `max: 1` alone queues a new toast behind the one showing, so feedback came seconds late and
  // out of order (an old 'Login failed' over the dashboard). The showing one goes first.
  toaster.remove();
  toaster.create({ type: kind, title, description, closable: true, duration: kind === 'error' ? 7000 : 4000 });
}

export const toast = {
  success: (title: string, description?: string) => notify('success', title, description),
  error: (title: string, description?: string) => notify('error', title, description),
  info: (title: string, description?: string) => notify('info', title, description),
};

export function Toaster() {
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
