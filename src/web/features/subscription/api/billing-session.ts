import { z } from 'zod';

/**
 * The answer of `POST /api/billing/checkout` and `POST /api/billing/portal`: where to send the browser. The url is
 * optional here on purpose: an answer without one is a failure the page reports in the spec's words ("No session URL
 * returned from Stripe"), not a parse error. It belongs in `#shared/billing` once the server defines those routes.
 */
export const billingSessionSchema = z.object({ url: z.string().min(1).nullish() });

export type BillingSession = z.infer<typeof billingSessionSchema>;

/** Leaves the app for the payment provider's page; a module of its own so tests can watch it. */
export function redirectToBillingSession(url: string): void {
  window.location.assign(url);
}
