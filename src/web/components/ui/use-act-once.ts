import { useRef } from 'react';

/**
 * Guards a dialog's action (ConfirmDialog's and FormDialog's) against a quick second click. `pending` alone let one
 * through twice: before the request shows as pending (TanStack Query tells React in a zero-delay timeout) and after it
 * succeeded, while the dialog fades out with its buttons still live (`open` is false by then). The ref covers the first
 * gap until React has heard of the request: the data layer's timeout was queued by `action`, before ours, so ours runs
 * after that render, and from then on `pending` and `open` decide. An attempt that failed leaves the dialog open and
 * not pending, so it can be tried again; so can one that sent nothing (a form whose own check failed).
 */
export function useActOnce(open: boolean, pending: boolean): (action: () => void) => void {
  const acting = useRef(false);
  return (action) => {
    if (!open || pending || acting.current) return;
    acting.current = true;
    action();
    setTimeout(() => {
      acting.current = false;
    }, 0);
  };
}
