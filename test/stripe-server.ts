import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import Stripe from 'stripe';

/**
 * A real HTTP server that speaks the part of Stripe's REST API the product calls (customers, products, prices,
 * Checkout and Billing Portal sessions, subscription cancellation): the official SDK talks to it through STRIPE_API_BASE exactly as it talks to
 * Stripe. Bodies are form-encoded as Stripe's (`line_items[0][price]=...`), errors have Stripe's shape, a key other
 * than the one given is refused, and a repeated Idempotency-Key answers what it answered first. Tests read the
 * requests it received.
 *
 * For browser journeys, a Checkout Session's `url` is a page here: opening it completes the checkout as a paying
 * customer would, by posting signed `checkout.session.completed` and `customer.subscription.created` events to
 * `webhookUrl`, then sends the browser to the session's `success_url`. A portal session's `url` is a plain page here.
 */

export const stripeTestKey = 'sk_test_promptcron_stand_in';
export const stripeTestWebhookSecret = 'whsec_promptcron_stand_in_secret';

export interface ReceivedStripeRequest {
  method: string;
  path: string;
  body: Record<string, unknown>;
  idempotencyKey: string | undefined;
}

type StripeObject = Record<string, unknown> & { id: string };

export async function startStripeServer({
  apiKey = stripeTestKey,
  webhookSecret = stripeTestWebhookSecret,
  webhookUrl,
}: { apiKey?: string; webhookSecret?: string; webhookUrl?: string } = {}) {
  const requests: ReceivedStripeRequest[] = [];
  const objects = new Map<string, StripeObject>();
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const counters = new Map<string, number>();
  const state = { webhookUrl, baseUrl: '' };

  const newId = (prefix: string) => {
    const next = (counters.get(prefix) ?? 0) + 1;
    counters.set(prefix, next);
    return `${prefix}_test${String(next).padStart(4, '0')}`;
  };
  const store = <T extends StripeObject>(object: T): T => {
    objects.set(object.id, object);
    return object;
  };

  function create(path: string, body: Record<string, unknown>): { status: number; body: unknown } {
    const now = Math.floor(Date.now() / 1000);
    /** A new object as Stripe answers with it: its id, type and creation time, then `fields`. */
    const created = (prefix: string, object: string, fields: Record<string, unknown>) =>
      store({ id: newId(prefix), object, created: now, ...fields });
    /** A session, whose `url` is its page on this server. */
    const newSession = (prefix: string, object: string, page: string, fields: Record<string, unknown>) => {
      const made = created(prefix, object, fields);
      return Object.assign(made, { url: `${state.baseUrl}/${page}/${made.id}` });
    };
    switch (path) {
      case '/v1/customers':
        return ok(created('cus', 'customer', { email: body.email ?? null, metadata: body.metadata ?? {} }));
      case '/v1/products':
        return ok(created('prod', 'product', { name: body.name, active: true, metadata: body.metadata ?? {} }));
      case '/v1/prices': {
        const product = objects.get(String(body.product));
        if (!product) return missing('product', body.product);
        return ok(
          created('price', 'price', {
            active: true,
            product: product.id,
            currency: body.currency,
            unit_amount: Number(body.unit_amount),
            recurring: body.recurring ?? null,
            type: 'recurring',
            metadata: body.metadata ?? {},
          }),
        );
      }
      case '/v1/checkout/sessions': {
        const lineItems = (body.line_items ?? []) as { price?: string }[];
        const price = lineItems[0]?.price;
        if (!price || !objects.has(price)) return missing('price', price);
        if (body.customer && !objects.has(String(body.customer))) return missing('customer', body.customer);
        return ok(
          newSession('cs', 'checkout.session', 'checkout', {
            mode: body.mode,
            status: 'open',
            payment_status: 'unpaid',
            customer: body.customer ?? null,
            client_reference_id: body.client_reference_id ?? null,
            success_url: body.success_url,
            cancel_url: body.cancel_url,
            metadata: body.metadata ?? {},
            subscription: null,
            subscription_data: body.subscription_data ?? {},
            line_items_price: price,
          }),
        );
      }
      case `/v1/checkout/sessions/${path.split('/')[4] ?? ''}/expire`: {
        const session = objects.get(path.split('/')[4] ?? '');
        if (!session) return missing('checkout.session', path.split('/')[4]);
        if (session.status !== 'open')
          return { status: 400, body: stripeError(`Only Checkout Sessions with a status in ["open"] can be expired.`) };
        return ok(Object.assign(session, { status: 'expired', url: null }));
      }
      case '/v1/billing_portal/sessions': {
        if (!objects.has(String(body.customer))) return missing('customer', body.customer);
        return ok(newSession('bps', 'billing_portal.session', 'portal', { customer: body.customer, return_url: body.return_url ?? null }));
      }
      default:
        return { status: 404, body: stripeError(`Unrecognized request URL (POST: ${path}).`) };
    }
  }

  /** Completes a checkout session as Stripe does after a successful payment: a subscription exists and events go out. */
  async function completeCheckout(sessionId: string): Promise<{ session: StripeObject; subscription: StripeObject }> {
    const session = objects.get(sessionId);
    if (!session) throw new Error(`no checkout session ${sessionId}`);
    const price = objects.get(String(session.line_items_price));
    const subscriptionData = (session.subscription_data ?? {}) as { metadata?: Record<string, string> };
    const subscription = store(
      subscriptionObject({
        id: newId('sub'),
        customer: String(session.customer),
        price: price ?? { id: String(session.line_items_price) },
        metadata: subscriptionData.metadata ?? {},
      }),
    );
    Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: subscription.id });
    if (state.webhookUrl) {
      await postEvent(stripeEvent('checkout.session.completed', session));
      await postEvent(stripeEvent('customer.subscription.created', subscription));
    }
    return { session, subscription };
  }

  async function postEvent(event: StripeObject): Promise<Response> {
    if (!state.webhookUrl) throw new Error('the Stripe stand-in has no webhook URL');
    const { payload, signature } = signStripeEvent(event, webhookSecret);
    const response = await fetch(state.webhookUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
      body: payload,
    });
    if (!response.ok) throw new Error(`the webhook answered ${response.status}: ${await response.text()}`);
    return response;
  }

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void handle(request, Buffer.concat(chunks).toString('utf8'), response).catch((error: unknown) => {
        response.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
      });
    });
  });

  async function handle(request: IncomingMessage, raw: string, response: ServerResponse) {
    const url = new URL(request.url ?? '/', state.baseUrl);
    const checkout = /^\/checkout\/([\w]+)$/.exec(url.pathname);
    if (request.method === 'GET' && checkout?.[1]) {
      const session = objects.get(checkout[1]);
      if (!session) return void response.writeHead(404).end('No such checkout session');
      if (session.status === 'expired')
        return void response
          .writeHead(410, { 'content-type': 'text/html' })
          .end('<!doctype html><title>Expired</title><h1>This checkout session has expired.</h1>');
      if (session.status !== 'complete') await completeCheckout(session.id);
      return void response.writeHead(303, { location: String(session.success_url) }).end();
    }
    if (request.method === 'GET' && /^\/portal\/\w+$/.test(url.pathname)) {
      return void response
        .writeHead(200, { 'content-type': 'text/html' })
        .end('<!doctype html><title>Stand-in billing portal</title><link rel="icon" href="data:,"><h1>Stand-in billing portal</h1>');
    }

    if (!url.pathname.startsWith('/v1/')) return void response.writeHead(404).end('Not found');
    const body = parseStripeForm(raw);
    const idempotencyKey = headerOf(request, 'idempotency-key');
    requests.push({ method: request.method ?? 'GET', path: url.pathname, body, idempotencyKey });
    if (headerOf(request, 'authorization') !== `Bearer ${apiKey}`) {
      return send(response, { status: 401, body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } } });
    }
    if (request.method === 'GET' && url.pathname === '/v1/checkout/sessions') {
      // Lists a customer's sessions, newest first, filtered by status as Stripe's API does.
      const customer = url.searchParams.get('customer');
      const status = url.searchParams.get('status');
      const data = [...objects.values()]
        .filter(
          (object) =>
            object.object === 'checkout.session' && (!customer || object.customer === customer) && (!status || object.status === status),
        )
        .reverse();
      return send(response, ok({ object: 'list', url: url.pathname, has_more: false, data }));
    }
    if (request.method === 'GET') {
      const [, version, kind, id] = url.pathname.split('/');
      const found = version === 'v1' && kind && id ? objects.get(id) : undefined;
      return send(response, found ? ok(found) : { status: 404, body: stripeError(`No such object: '${id ?? ''}'`) });
    }
    const cancelled = /^\/v1\/subscriptions\/(\w+)$/.exec(url.pathname);
    if (request.method === 'DELETE' && cancelled?.[1]) {
      // Cancels at once, as `stripe.subscriptions.cancel` asks; an unknown id is Stripe's 404 `resource_missing`.
      const subscription = objects.get(cancelled[1]);
      if (subscription?.object !== 'subscription') {
        return send(response, {
          status: 404,
          body: { error: { ...stripeError(`No such subscription: '${cancelled[1]}'`).error, code: 'resource_missing' } },
        });
      }
      return send(response, ok(Object.assign(subscription, { status: 'canceled', canceled_at: Math.floor(Date.now() / 1000) })));
    }
    const remembered = idempotencyKey ? idempotent.get(idempotencyKey) : undefined;
    const answer = remembered ?? create(url.pathname, body);
    if (idempotencyKey && !remembered) idempotent.set(idempotencyKey, answer);
    send(response, answer);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as { port: number };
  state.baseUrl = `http://127.0.0.1:${port}`;

  return {
    baseUrl: state.baseUrl,
    apiKey,
    webhookSecret,
    requests,
    /** The requests to one path (`/v1/customers`), in order. */
    requestsTo: (method: string, path: string) => requests.filter((request) => request.method === method && request.path === path),
    /** Where checkouts completed by the browser post their events (the product's `/api/billing/webhook`). */
    setWebhookUrl: (url: string) => void (state.webhookUrl = url),
    completeCheckout,
    /** A subscription Stripe holds, for tests that seed a paying user without a checkout. */
    addSubscription: (subscription: StripeObject) => void store(subscription),
    /** An object as the stand-in holds it now (a subscription's status after a cancel). */
    objectOf: (id: string) => objects.get(id),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type StripeStandIn = Awaited<ReturnType<typeof startStripeServer>>;

/** A subscription as Stripe's API version of the SDK writes it: the period on its item, not on itself. */
export function subscriptionObject({
  id,
  customer,
  price,
  status = 'active',
  metadata = {},
  periodStart = Math.floor(Date.now() / 1000),
  periodEnd = periodStart + 30 * 86_400,
  cancelAtPeriodEnd = false,
}: {
  id: string;
  customer: string;
  price: { id: string } & Record<string, unknown>;
  status?: string;
  metadata?: Record<string, string>;
  periodStart?: number;
  periodEnd?: number;
  cancelAtPeriodEnd?: boolean;
}): StripeObject {
  return {
    id,
    object: 'subscription',
    customer,
    status,
    metadata,
    cancel_at_period_end: cancelAtPeriodEnd,
    cancel_at: cancelAtPeriodEnd ? periodEnd : null,
    created: periodStart,
    items: {
      object: 'list',
      data: [
        {
          id: `si_${id}`,
          object: 'subscription_item',
          price,
          quantity: 1,
          current_period_start: periodStart,
          current_period_end: periodEnd,
        },
      ],
    },
  };
}

let eventCount = 0;

/** An event wrapping `object`, as Stripe sends it to a webhook endpoint. */
export function stripeEvent(
  type: string,
  object: Record<string, unknown>,
  { id, created = Math.floor(Date.now() / 1000) }: { id?: string; created?: number } = {},
): StripeObject {
  eventCount += 1;
  return {
    id: id ?? `evt_test${Date.now()}${eventCount}`,
    object: 'event',
    type,
    created,
    api_version: Stripe.API_VERSION,
    livemode: false,
    pending_webhooks: 1,
    data: { object },
  };
}

/** The body and the `Stripe-Signature` header Stripe would send for `event`, signed with the SDK's own helper. */
export function signStripeEvent(event: Record<string, unknown>, secret = stripeTestWebhookSecret): { payload: string; signature: string } {
  const payload = JSON.stringify(event);
  return { payload, signature: signStripePayload(payload, secret) };
}

/** The `Stripe-Signature` header for a body as it is, JSON that no object spells (`1e999`, a `__proto__` key) included. */
export function signStripePayload(payload: string, secret = stripeTestWebhookSecret): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret });
}

/** Stripe's form encoding: `a[b][0]=c&a[b][1]=d` is `{ a: { b: ['c', 'd'] } }`. */
export function parseStripeForm(raw: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> | unknown[] = root;
    path.forEach((part, index) => {
      const last = index === path.length - 1;
      const nextIsIndex = /^\d+$/.test(path[index + 1] ?? '');
      const slot = Array.isArray(node) ? Number(part) : part;
      const container = node as Record<string | number, unknown>;
      if (last) container[slot] = value;
      else container[slot] ??= nextIsIndex ? [] : {};
      node = container[slot] as Record<string, unknown> | unknown[];
    });
  }
  return root;
}

function headerOf(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function ok(object: unknown) {
  return { status: 200, body: object };
}

function missing(kind: string, id: unknown) {
  return { status: 400, body: stripeError(`No such ${kind}: '${String(id)}'`) };
}

function stripeError(message: string) {
  return { error: { type: 'invalid_request_error', message } };
}

function send(response: ServerResponse, { status, body }: { status: number; body: unknown }) {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}
