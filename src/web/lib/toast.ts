import { toast as sonner, type ExternalToast } from 'sonner';
import { errorMessage } from './form-errors';

/**
 * The app's notifications (spec section 9: one at a time). A new toast dismisses the one on screen and takes a fresh
 * id, so nothing queues behind it (a queued toast stayed in the page and was read out with the next). It does not
 * reuse the old toast's id: sonner would update that toast in place, and if it had just timed out and was leaving
 * (its last 200 ms), the new one left with it, never seen. Ids callers pass are replaced for the same reason.
 */
type Message = Parameters<typeof sonner.success>[0];

let shown: string | undefined;
let shownCount = 0;
let lastDismissedAt = 0;

function dismissShown() {
  if (shown === undefined) return;
  sonner.dismiss(shown);
  lastDismissedAt = Date.now();
}

function replacing(options?: ExternalToast): ExternalToast {
  dismissShown();
  shown = `promptcron-notification-${++shownCount}`;
  return { ...options, id: shown };
}

/**
 * Resolves once every dismissed toast has left: sonner removes one 200 ms after its dismissal, on a timer it does not
 * cancel when the toaster unmounts. A test environment torn down before then gets a state update without a window.
 */
export function toastsSettled(): Promise<void> {
  const wait = lastDismissedAt + 250 - Date.now();
  return wait > 0 ? new Promise((resolve) => setTimeout(resolve, wait)) : Promise.resolve();
}

export const toast = {
  /** A plain notice, neither a success nor an error. */
  message: (message: Message, options?: ExternalToast) => sonner.message(message, replacing(options)),
  success: (message: Message, options?: ExternalToast) => sonner.success(message, replacing(options)),
  error: (message: Message, options?: ExternalToast) => sonner.error(message, replacing(options)),
  info: (message: Message, options?: ExternalToast) => sonner.info(message, replacing(options)),
  dismiss: dismissShown,
};

/** A failed request's error toast: the server's message when it sent one, else `fallback`. */
export function toastError(title: string, error: unknown, fallback: string) {
  return toast.error(title, { description: errorMessage(error, fallback) });
}
