import * as Dialog from '@radix-ui/react-dialog';
import type { FormEvent, ReactNode } from 'react';
import { Button } from './button';
import { useActOnce } from './use-act-once';

type FormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** False keeps the submit button from acting (e.g. the e-mail to confirm a deletion is not typed yet). */
  ready?: boolean;
  destructive?: boolean;
  /** Not run again by a quick second submit, nor after success while the dialog closes (see `useActOnce`). */
  onSubmit: () => void;
  /**
   * Where focus goes when the dialog closes, as in ConfirmDialog: the dialog is opened from state, not from a Radix
   * trigger, so Radix does not know the control that opened it, which may be gone by then (a row's menu item).
   */
  returnFocusTo?: () => HTMLElement | null | undefined;
  children: ReactNode;
};

/** A modal form: Escape or Cancel closes it unless it is saving; Enter submits. */
export function FormDialog({
  open,
  onOpenChange,
  title,
  description,
  submitLabel,
  pendingLabel,
  pending,
  ready = true,
  destructive = false,
  onSubmit,
  returnFocusTo,
  children,
}: FormDialogProps) {
  const actOnce = useActOnce(open, pending);
  const close = () => {
    if (!pending) onOpenChange(false);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ready) actOnce(onSubmit);
  };
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/40 backdrop-blur-[2px]" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            const target = returnFocusTo?.();
            if (!target) return;
            event.preventDefault();
            target.focus();
          }}
          className="fixed top-1/2 left-1/2 z-50 flex w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 flex-col gap-4 rounded-xl border border-slate-200 bg-white p-6 shadow-2xl outline-none"
        >
          <div className="flex flex-col gap-2">
            <Dialog.Title className="text-lg font-semibold text-slate-900">{title}</Dialog.Title>
            <Dialog.Description className="text-sm text-slate-600">{description}</Dialog.Description>
          </div>
          <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
            {children}
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Button variant="secondary" onClick={close} aria-disabled={pending || undefined}>
                Cancel
              </Button>
              <Button
                type="submit"
                variant={destructive ? 'danger' : 'primary'}
                aria-disabled={pending || !ready || undefined}
                aria-busy={pending || undefined}
              >
                {pending ? pendingLabel : submitLabel}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
