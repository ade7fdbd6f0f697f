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
/** What the toast on screen says and when it came, to tell a repeat from a new notice. */
let shownKey = '';
let shownAt = 0;
/** Well inside a toast's 4 s: the same notice again this soon is one announcement raised twice, not a new one. */
const repeatWithinMs = 1_000;

function dismissShown() {
  if (shown === undefined) return;
  sonner.dismiss(shown);
  lastDismissedAt = Date.now();
}

/**
 * A page that announces its arrival (`?success` after checkout, a used reset link) may raise the same toast twice
 * as it re-renders, before the lazily loaded toaster has mounted. Dismissing the first then raced sonner's replay of
 * it to the new toaster and left both on screen, so a repeat within a second keeps the first toast instead.
 */
function replacing(message: Message, options?: ExternalToast): ExternalToast {
  const key = JSON.stringify([
    typeof message === 'string' ? message : '',
    typeof options?.description === 'string' ? options.description : '',
  ]);
  if (shown !== undefined && typeof message === 'string' && key === shownKey && Date.now() - shownAt < repeatWithinMs) {
    return { ...options, id: shown };
  }
  dismissShown();
  shown = `promptcron-notification-${++shownCount}`;
  shownKey = key;
  shownAt = Date.now();
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
  message: (message: Message, options?: ExternalToast) => sonner.message(message, replacing(message, options)),
  success: (message: Message, options?: ExternalToast) => sonner.success(message, replacing(message, options)),
  error: (message: Message, options?: ExternalToast) => sonner.error(message, replacing(message, options)),
  info: (message: Message, options?: ExternalToast) => sonner.info(message, replacing(message, options)),
  /** Something that worked but needs a look, such as a run whose delivery is being retried. */
  warning: (message: Message, options?: ExternalToast) => sonner.warning(message, replacing(message, options)),
  dismiss: dismissShown,
};

/** A failed request's error toast: the server's message when it sent one, else `fallback`. */
export function toastError(title: string, error: unknown, fallback: string) {
  return toast.error(title, { description: errorMessage(error, fallback) });
}
