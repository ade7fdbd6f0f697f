import Stripe from 'stripe';
import type { Env } from '../env';

export { Stripe };

const clients = new WeakMap<Env, Stripe>();

/**
 * The Stripe SDK for this server's key, or null when payments are not configured (no `STRIPE_SECRET_KEY`). One client
 * per parsed environment: it keeps its connections alive between requests. `STRIPE_API_BASE` points it at another
 * Stripe-compatible API (tests use test/stripe-server.ts): the SDK takes a host, port and protocol, not a URL.
 */
export function stripeClient(env: Env): Stripe | null {
  if (!env.STRIPE_SECRET_KEY) return null;
  let client = clients.get(env);
  if (!client) {
    client = new Stripe(env.STRIPE_SECRET_KEY, { ...apiAddress(env.STRIPE_API_BASE), maxNetworkRetries: 2, timeout: 20_000 });
    clients.set(env, client);
  }
  return client;
}

function apiAddress(base: string | undefined): { host?: string; port?: number; protocol?: 'http' | 'https' } {
  if (!base) return {};
  const url = new URL(base);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443, protocol };
}

/** How far a signature's time may be from ours, either way: the SDK's default, which it applies only to the past. */
const signatureToleranceSeconds = 300;

/** A signature that is valid but dated outside the tolerance: a replay, or a clock that cannot be trusted. */
export class StripeSignatureTimeError extends Error {}

/**
 * Checks `Stripe-Signature` against the raw body and the endpoint's secret, and returns the JSON it signs, unread: a
 * signature proves who sent it, not its shape (stripe-event.schema.ts is what reads it). Needs no API key: the
 * signature is an HMAC with `STRIPE_WEBHOOK_SECRET`. Throws Stripe's signature error when it does not match or is too
 * old, and StripeSignatureTimeError when it is dated too far ahead (the SDK accepts any future time).
 */
export function verifyStripeEvent({ payload, signature, secret }: { payload: string; signature: string; secret: string }): unknown {
  const event: unknown = Stripe.webhooks.constructEvent(payload, signature, secret, signatureToleranceSeconds);
  const signedAt = Number(/(?:^|,)\s*t=(\d+)/.exec(signature)?.[1]);
  if (!(signedAt <= Date.now() / 1000 + signatureToleranceSeconds)) throw new StripeSignatureTimeError('signed in the future');
  return event;
}
