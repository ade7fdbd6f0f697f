import type { Database } from '../../db/client';
import { stripeEvents } from '../../db/schema';
import type { Env } from '../../env';
import type { Logger } from '../../logger';
import { verifyStripeEvent, type Stripe } from '../../payments/stripe-client';
import { DomainError } from '../errors';
import { applyStripeEvent } from './apply-stripe-event';
import { paymentsNotConfigured } from './payment-errors';

/**
 * `POST /api/billing/webhook`: verifies Stripe's signature over the raw body, then applies the event once. The event
 * id is recorded in the same transaction as its effect: a replay (Stripe retries, and may deliver twice) finds the
 * id and changes nothing, and a failure rolls both back so Stripe's retry applies it whole.
 */
export async function handleStripeWebhook({
  db,
  env,
  log,
  payload,
  signature,
}: {
  db: Database;
  env: Env;
  log: Logger;
  payload: string;
  signature: string | undefined;
}): Promise<{ duplicate: boolean }> {
  if (!env.STRIPE_WEBHOOK_SECRET) throw paymentsNotConfigured();
  if (!signature) throw new DomainError('invalid_signature', 400, 'The Stripe-Signature header is missing.');
  let event: Stripe.Event;
  try {
    event = verifyStripeEvent({ payload, signature, secret: env.STRIPE_WEBHOOK_SECRET });
  } catch {
    throw new DomainError('invalid_signature', 400, 'The Stripe signature does not match this endpoint.');
  }
  return db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    if (!fresh) {
      log.info({ eventId: event.id, type: event.type }, 'stripe event already processed');
      return { duplicate: true };
    }
    await applyStripeEvent({ db: tx, event, log });
    return { duplicate: false };
  });
}
