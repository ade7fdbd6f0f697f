/**
 * One worker process's count of each user's deliveries in flight (issue 18), or, with the key `mailServer`, of every
 * e-mail delivery, which all wait on the one SMTP server: a user whose receivers are slow may hold
 * at most `perUser` of the process's delivery slots, so other users' deliveries still find free ones. A delivery
 * over the share is queued for later (holding no slot) and woken here, oldest first, as soon as one of the user's
 * slots frees: a user with a burst of fast deliveries loses no time to waiting.
 */
/** The key of the SMTP server in the mail share: one server, shared by every user's e-mail deliveries. */
export const mailServer = 'smtp';

export interface DeliveryShare {
  /** A release function when the user is under their share; undefined when the delivery must wait its turn. */
  take(userId: string): (() => void) | undefined;
  /** Calls `wake` when one of the user's slots in this process frees. */
  whenFree(userId: string, wake: () => void): void;
  /** `take`, waiting up to `ms` for one of the user's slots to free when none is: undefined if none did. */
  takeWithin(userId: string, ms: number): Promise<(() => void) | undefined>;
}

export function createDeliveryShare(perUser: number): DeliveryShare {
  const inFlight = new Map<string, number>();
  const waiting = new Map<string, (() => void)[]>();
  const wait = (userId: string, wake: () => void) => {
    const queue = waiting.get(userId) ?? [];
    queue.push(wake);
    waiting.set(userId, queue);
  };
  const stopWaiting = (userId: string, wake: () => void) => {
    const queue = waiting.get(userId)?.filter((other) => other !== wake) ?? [];
    if (queue.length > 0) waiting.set(userId, queue);
    else waiting.delete(userId);
  };
  const take = (userId: string) => {
    const held = inFlight.get(userId) ?? 0;
    if (held >= perUser) return undefined;
    inFlight.set(userId, held + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (inFlight.get(userId) ?? 1) - 1;
      if (left > 0) inFlight.set(userId, left);
      else inFlight.delete(userId);
      const queue = waiting.get(userId);
      const next = queue?.shift();
      if (queue?.length === 0) waiting.delete(userId);
      next?.();
    };
  };
  return {
    take,
    whenFree: wait,
    takeWithin(userId, ms) {
      const release = take(userId);
      if (release || ms <= 0) return Promise.resolve(release);
      return new Promise((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          resolve(take(userId));
        };
        const timer = setTimeout(() => {
          stopWaiting(userId, wake);
          resolve(undefined);
        }, ms);
        wait(userId, wake);
      });
    },
  };
}
