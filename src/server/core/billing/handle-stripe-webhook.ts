import type { Database } from '../../db/client';
import { stripeEvents } from '../../db/schema';
import type { Env } from '../../env';
import type { Logger } from '../../logger';
import { StripeSignatureTimeError, verifyStripeEvent } from '../../payments/stripe-client';
import { DomainError } from '../errors';
import { applyStripeEvent } from './apply-stripe-event';
import { paymentsNotConfigured } from './payment-errors';
import { handledStripeEvent, handledStripeEventTypes, stripeEventEnvelope, type HandledStripeEvent } from './stripe-event.schema';

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
  let event: unknown;
  try {
    event = verifyStripeEvent({ payload, signature, secret: env.STRIPE_WEBHOOK_SECRET });
  } catch (error) {
    if (error instanceof StripeSignatureTimeError || (error instanceof Error && /timestamp outside the tolerance/i.test(error.message))) {
      throw new DomainError('invalid_signature', 400, 'The Stripe signature is not from the last five minutes.');
    }
    throw new DomainError('invalid_signature', 400, 'The Stripe signature does not match this endpoint.');
  }
  const { id, type, handled } = parseStripeEvent(event, log);
  return db.transaction(async (tx) => {
    const [fresh] = await tx.insert(stripeEvents).values({ id, type }).onConflictDoNothing().returning({ id: stripeEvents.id });
    if (!fresh) {
      log.info({ eventId: id, type }, 'stripe event already processed');
      return { duplicate: true };
    }
    if (handled) await applyStripeEvent({ db: tx, event: handled, log });
    else log.debug({ eventId: id, type }, 'stripe event type not used');
    return { duplicate: false };
  });
}

/**
 * Signed is not the same as well formed: an event that is not one, or an event of a type we apply that does not have
 * the shape Stripe sends (stripe-event.schema.ts), changes nothing and says so. Types we do not apply need only the
 * envelope: their id is recorded, nothing else is read.
 */
function parseStripeEvent(event: unknown, log: Logger): { id: string; type: string; handled: HandledStripeEvent | null } {
  const envelope = stripeEventEnvelope.safeParse(event);
  if (!envelope.success) {
    throw new DomainError('invalid_event', 400, 'This is not a Stripe event: it needs an id, a type, a time and data.object.');
  }
  const { id, type } = envelope.data;
  if (!handledStripeEventTypes.has(type)) return { id, type, handled: null };
  const parsed = handledStripeEvent.safeParse(event);
  if (parsed.success) return { id, type, handled: parsed.data };
  // Only the schema's own keys and array indexes can appear in the path, never text from the event.
  const field = parsed.error.issues[0]?.path.join('.') ?? '';
  log.warn({ eventId: id, type, field }, 'malformed stripe event refused');
  throw new DomainError('invalid_event', 400, `This ${type} event is not as Stripe sends it (${field}).`);
}
