import * as Dialog from '@radix-ui/react-dialog';
import { useRef, type ReactNode } from 'react';
import { Button } from './button';
import { useActOnce } from './use-act-once';

type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** Shown on the confirm button while the action runs. */
  pendingLabel: string;
  pending?: boolean;
  /** Style the confirm button as destructive. */
  destructive?: boolean;
  /** Not run again by a quick second click, nor after success while the dialog closes (see `useActOnce`). */
  onConfirm: () => void;
  /**
   * Where focus goes when the dialog closes. The dialog is opened from state rather than from a Radix trigger (one
   * dialog serves every row of a list), so Radix does not know the button that opened it; and that button may be gone
   * (the deleted row), in which case the caller names another place.
   */
  returnFocusTo?: () => HTMLElement | null | undefined;
};

/**
 * Asks before an action that cannot be taken back (an alert dialog: focus starts on Cancel, Escape cancels, a click
 * outside does not). While the action runs the dialog stays and cannot be dismissed, so its outcome is not lost.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  pendingLabel,
  pending = false,
  destructive = false,
  onConfirm,
  returnFocusTo,
}: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const actOnce = useActOnce(open, pending);
  // While the action runs the buttons say so but stay focusable (aria-disabled): a disabled button would drop the
  // keyboard focus out of the dialog.
  const close = () => {
    if (!pending) onOpenChange(false);
  };

  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/40 backdrop-blur-[2px] motion-safe:data-[state=closed]:animate-fade-out motion-safe:data-[state=open]:animate-fade-in" />
        <Dialog.Content
          role="alertdialog"
          onOpenAutoFocus={(event) => {
            // The safe choice first: Enter right after opening must not delete anything.
            event.preventDefault();
            cancelRef.current?.focus();
          }}
          onCloseAutoFocus={(event) => {
            const target = returnFocusTo?.();
            if (!target) return;
            event.preventDefault();
            target.focus();
          }}
          onPointerDownOutside={(event) => event.preventDefault()}
          className="fixed top-1/2 left-1/2 z-50 flex w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 flex-col gap-4 rounded-xl border border-slate-200 bg-white p-6 shadow-2xl outline-none motion-safe:data-[state=closed]:animate-fade-out motion-safe:data-[state=open]:animate-fade-in"
        >
          <div className="flex flex-col gap-2">
            <Dialog.Title className="text-lg font-semibold text-slate-900">{title}</Dialog.Title>
            <Dialog.Description className="text-sm text-slate-600">{description}</Dialog.Description>
          </div>
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button ref={cancelRef} variant="secondary" onClick={close} aria-disabled={pending || undefined}>
              Cancel
            </Button>
            <Button
              variant={destructive ? 'danger' : 'primary'}
              onClick={() => actOnce(onConfirm)}
              aria-disabled={pending || undefined}
              aria-busy={pending || undefined}
            >
              {pending ? pendingLabel : confirmLabel}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
