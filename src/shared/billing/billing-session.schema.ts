import { z } from 'zod';

/**
 * The answer of `POST /api/billing/checkout` and `POST /api/billing/portal`: where to send the browser (a Stripe
 * Checkout or Billing Portal page). The server always sends a url; the web still tolerates an answer without one, so
 * it can report it in the spec's words ("No session URL returned from Stripe") rather than as a parse error.
 */
export const billingSessionSchema = z
  .object({ url: z.string().min(1).nullish().meta({ description: "The payment provider's page to send the browser to" }) })
  .meta({ id: 'BillingSession' });

export type BillingSession = z.infer<typeof billingSessionSchema>;

/** `POST /api/billing/checkout`: the plan to buy. */
export const checkoutRequestSchema = z
  .object({ planId: z.string().min(1, { error: 'Choose a plan.' }).meta({ format: 'uuid' }) })
  .meta({ id: 'CheckoutRequest' });

export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;
