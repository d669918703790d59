import { useState, type ReactNode } from 'react';
import { Button } from '@chakra-ui/react';
import { messageOf } from '../lib/api-client';
import { toast } from '../lib/toaster';
import { AppDialog } from './AppDialog';

/** A toast's title and description. */
export type ToastText = [title: string, description: string];

/**
 * The action of a dialog that asks the server for one thing (delete, rename, add): busy while it
 * runs, the outcome in a toast, and the dialog closed once it has succeeded. `work` answers the
 * success toast; `failure` is the error toast's title and the description used when the server's
 * answer has no message of its own.
 */
export function useDialogAction(onClose: () => void) {
  const [busy, setBusy] = useState(false);
  async function run(work: () => Promise<ToastText>, failure: ToastText): Promise<void> {
    setBusy(true);
    try {
      const [title, description] = await work();
      toast.success(title, description);
      onClose();
    } catch (err) {
      toast.error(failure[0], messageOf(err, failure[1]));
    } finally {
      setBusy(false);
    }
  }
  return { busy, run };
}

export interface ActionDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  /** While the action runs the dialog cannot be closed and Cancel is disabled. */
  busy: boolean;
  /** The primary button: it submits `form` when given, else calls `onClick`. */
  action: {
    label: string;
    busyLabel: string;
    colorPalette?: 'brand' | 'red';
    form?: string;
    onClick?: () => void;
  };
  /** Confirmations of destructive actions are alert dialogs for assistive technology. */
  alert?: boolean;
  children: ReactNode;
}

/** A dialog with Cancel and one action (AppDialog's frame). */
export function ActionDialog({ open, onClose, title, busy, action, alert, children }: ActionDialogProps) {
  return (
    <AppDialog
      open={open}
      onClose={() => {
        if (!busy) onClose();
      }}
      title={title}
      alert={alert}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button
            type={action.form ? 'submit' : 'button'}
            form={action.form}
            onClick={action.onClick}
            colorPalette={action.colorPalette ?? 'brand'}
            loading={busy}
            loadingText={action.busyLabel}
          >
            {action.label}
          </Button>
        </>
      }
    >
      {children}
    </AppDialog>
  );
}
