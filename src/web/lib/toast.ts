import { toast as sonner, type ExternalToast } from 'sonner';

/**
 * The app's notifications (spec section 9: one at a time). Every toast takes the same id, so a new one replaces the
 * one on screen in place (sonner updates a toast whose id it knows) instead of queueing behind it, where it stayed in
 * the page and was read out with the next. The new toast's own description and actions replace the old ones too.
 */
const theToast = 'promptcron-notification';
type Message = Parameters<typeof sonner.success>[0];

const replacing = (options?: ExternalToast): ExternalToast => ({ description: undefined, action: undefined, cancel: undefined, duration: undefined, ...options, id: theToast });

export const toast = {
  /** A plain notice, neither a success nor an error. */
  message: (message: Message, options?: ExternalToast) => sonner.message(message, replacing(options)),
  success: (message: Message, options?: ExternalToast) => sonner.success(message, replacing(options)),
  error: (message: Message, options?: ExternalToast) => sonner.error(message, replacing(options)),
  info: (message: Message, options?: ExternalToast) => sonner.info(message, replacing(options)),
  dismiss: () => sonner.dismiss(theToast),
};
