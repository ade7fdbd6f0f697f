import { z } from 'zod';
import { isSingleLineText } from '#shared/text/safe-text';
import type { Database } from '../../db/client';
import { stripeEvents } from '../../db/schema';
import type { Env } from '../../env';
import type { Logger } from '../../logger';
import { StripeSignatureTimeError, verifyStripeEvent, type Stripe } from '../../payments/stripe-client';
import { DomainError } from '../errors';
import { applyStripeEvent } from './apply-stripe-event';
import { paymentsNotConfigured } from './payment-errors';

const eventText = z.string().min(1).max(255).refine(isSingleLineText);

/** What every handled event is read through; its id becomes a key PostgreSQL stores, so no NUL in it. */
const stripeEventEnvelope = z.object({
  id: eventText,
  type: eventText,
  created: z.number().int().nonnegative(),
  data: z.object({ object: z.object({}) }),
});

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
  } catch (error) {
    if (error instanceof StripeSignatureTimeError || (error instanceof Error && /timestamp outside the tolerance/i.test(error.message))) {
      throw new DomainError('invalid_signature', 400, 'The Stripe signature is not from the last five minutes.');
    }
    throw new DomainError('invalid_signature', 400, 'The Stripe signature does not match this endpoint.');
  }
  // Signed is not the same as well formed: an event that is not one changes nothing, and says so.
  if (!stripeEventEnvelope.safeParse(event).success) {
    throw new DomainError('invalid_event', 400, 'This is not a Stripe event: it needs an id, a type, a time and data.object.');
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
