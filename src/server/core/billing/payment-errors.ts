import { DomainError } from '../errors';
import { Stripe } from '../../payments/stripe-client';

/** No Stripe key (or, for the webhook, no signing secret) on this server: 400, so the page can say so. */
export function paymentsNotConfigured(): DomainError {
  return new DomainError('payments_not_configured', 400, 'Payments are not configured on this server.');
}

/**
 * Calls Stripe and turns its failures into 502 `payment_provider` with Stripe's own message, which names what was
 * wrong (a bad key, an unknown price) better than we could. Anything else is our bug and stays a 500.
 */
export async function callStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) throw new DomainError('payment_provider', 502, `Stripe: ${error.message}`);
    throw error;
  }
}
