import { useId, useState, type ReactNode } from 'react';
import { Button, Text } from '@chakra-ui/react';
import { messageOf } from '../lib/api-client';
import { toast } from '../lib/toaster';
import { AppDialog, type AppDialogProps } from './AppDialog';

/** A toast's title and description. */
export type ToastText = [title: string, description: string];

/**
 * What a failed action does: an error toast (its title, and the description used when the
 * server's answer has no message of its own), or the caller's own handling of the error (a
 * message shown in the dialog, say).
 */
export type Failure = ToastText | ((err: unknown) => void);

/**
 * An action that asks the server for one thing (delete, rename, add, save): busy while it runs,
 * success in a toast, then `onDone` (a dialog closes itself there). `work` answers the success
 * toast; `run` answers whether it succeeded.
 */
export function useDialogAction(onDone: () => void = () => {}) {
  const [busy, setBusy] = useState(false);
  async function run(work: () => Promise<ToastText>, failure: Failure): Promise<boolean> {
    setBusy(true);
    try {
      const [title, description] = await work();
      toast.success(title, description);
      onDone();
      return true;
    } catch (err) {
      if (typeof failure === 'function') failure(err);
      else toast.error(failure[0], messageOf(err, failure[1]));
      return false;
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
  /** The primary button: it submits the form when there is one (`onSubmit`), else calls `onClick`. */
  action: {
    label: string;
    busyLabel: string;
    colorPalette?: 'brand' | 'red';
    disabled?: boolean;
    onClick?: () => void;
  };
  /** A form dialog: the children are the form's fields, and the action (or Enter) submits them. */
  onSubmit?: () => void;
  size?: AppDialogProps['size'];
  /** Confirmations of destructive actions are alert dialogs for assistive technology. */
  alert?: boolean;
  children: ReactNode;
}

/** A dialog with Cancel and one action (AppDialog's frame). */
export function ActionDialog({
  open,
  onClose,
  title,
  busy,
  action,
  onSubmit,
  size,
  alert,
  children,
}: ActionDialogProps) {
  const formId = useId();
  return (
    <AppDialog
      open={open}
      onClose={() => {
        if (!busy) onClose();
      }}
      title={title}
      size={size}
      alert={alert}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button
            type={onSubmit ? 'submit' : 'button'}
            form={onSubmit ? formId : undefined}
            onClick={action.onClick}
            colorPalette={action.colorPalette ?? 'brand'}
            loading={busy}
            loadingText={action.busyLabel}
            disabled={action.disabled}
          >
            {action.label}
          </Button>
        </>
      }
    >
      {onSubmit ? (
        <form
          id={formId}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            onSubmit();
          }}
        >
          {children}
        </form>
      ) : (
        children
      )}
    </AppDialog>
  );
}

/**
 * Asks before deleting `subject` (an alert dialog whose action is its title, in red); `remove`
 * deletes it and answers the success toast. Closes once the deletion has succeeded.
 */
export function DeleteDialog<T>({
  subject,
  onClose,
  title,
  remove,
  failure,
  children,
}: {
  subject: T | null;
  onClose: () => void;
  title: string;
  remove: (subject: T) => Promise<ToastText>;
  failure: Failure;
  /** The question, naming what goes and what stops working. */
  children: ReactNode;
}) {
  const { busy, run } = useDialogAction(onClose);
  return (
    <ActionDialog
      open={subject !== null}
      onClose={onClose}
      title={title}
      alert
      busy={busy}
      action={{
        label: title,
        busyLabel: 'Deleting...',
        colorPalette: 'red',
        onClick: () => {
          if (subject !== null) void run(() => remove(subject), failure);
        },
      }}
    >
      <Text>{children}</Text>
    </ActionDialog>
  );
}
