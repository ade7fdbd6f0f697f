/**
 * Stripe subscription statuses after which the subscription grants nothing: Stripe ended it (`canceled`), gave up on
 * collecting (`unpaid`), or its first payment never completed (`incomplete_expired`). The user is back on Free.
 */
export const endedStatuses: ReadonlySet<string> = new Set(['canceled', 'unpaid', 'incomplete_expired']);
