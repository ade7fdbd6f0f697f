import type { DeliveryMethod } from './delivery-methods';

/**
 * A task's destinations (ADR 0127): 1–5 places its runs go, any mix of methods, each with its own id. The first is
 * also the task's `deliveryMethod` + `deliveryConfig`, the one-destination shorthand every task had before.
 */
export const destinationLimits = { max: 5, idMaxLength: 40 } as const;

/** An id a client may choose, or the server's `dst_` and 8 hex digits. */
export const destinationIdPattern = /^[A-Za-z0-9_-]+$/;

/** `destinations[2]`: how messages name a destination's place, from 0 as the array's index. */
export const destinationPlace = (index: number) => `destinations[${index}]`;

export const destinationMessages = {
  tooMany: (index: number) => `${destinationPlace(index)}: a task delivers to at most ${destinationLimits.max} destinations.`,
  none: 'Please add at least one destination.',
  duplicate: (index: number, first: number) => `${destinationPlace(index)}: the same destination as ${destinationPlace(first)}.`,
  duplicateId: (index: number, first: number) => `${destinationPlace(index)}: the same id as ${destinationPlace(first)}.`,
  id: (index: number) => `${destinationPlace(index)}: an id is 1–${destinationLimits.idMaxLength} letters, digits, "-" or "_".`,
  shorthand: 'deliveryMethod and deliveryConfig are the first destination: leave them out or make them match destinations[0].',
  /** Prefixed to a destination's own message (address, URL), so the form and the API name its place. */
  at: (index: number, message: string) => `${destinationPlace(index)}: ${message}`,
} as const;

/** What makes two destinations the same: the method and its address, ignoring case and surrounding space. */
export function destinationKey(destination: { method: DeliveryMethod; config: { email?: string; webhookUrl?: string } }): string {
  const address = destination.method === 'email' ? destination.config.email : destination.config.webhookUrl;
  return `${destination.method} ${(address ?? '').trim().toLowerCase()}`;
}
