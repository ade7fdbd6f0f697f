import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingSessionSchema } from '#shared/billing/billing-session.schema';
import { plansResponseSchema, subscriptionResponseSchema, type Plan } from '#shared/billing/plan.schema';
import { useTestApp } from '#test/app';
import { createEngineDeps } from '#test/engine-setup';
import { startMailServer } from '#test/mail-server';
import { seedTask } from '#test/seed';
import { signStripeEvent, startStripeServer, stripeEvent, subscriptionObject, type StripeStandIn } from '#test/stripe-server';
import { freePlanId, stripeEvents, subscriptions, tasks } from '../../db/schema';
import { Stripe } from '../../payments/stripe-client';
import { startWorker, type Worker } from '../../engine/worker';
import { personalWorkspaceOf } from '#server/core/billing/personal-workspace-of';

let stripe: StripeStandIn;
let mail: Awaited<ReturnType<typeof startMailServer>>;
/** Sends the e-mails the webhook queues, as a worker process does. */
let worker: Worker;
let plans: Record<string, Plan>;

// Registered before useTestApp's own beforeAll, which calls `env` when it builds the app.
beforeAll(async () => {
  stripe = await startStripeServer();
  mail = await startMailServer();
});
const env = () => ({
  STRIPE_SECRET_KEY: stripe.apiKey,
  STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
  STRIPE_API_BASE: stripe.baseUrl,
  SMTP_URL: mail.url,
});
const t = useTestApp({ env });

beforeAll(async () => {
  worker = await startWorker({ pool: t.database.pool, concurrency: 2, deps: createEngineDeps({ database: t.database, env: env() }) });
  // The administrator of the install (its first account); the tests below sign in regular users.
  await t.signIn({ name: 'Owner', role: 'admin' });
  const reader = await t.signIn({ name: 'Reader' });
  plans = Object.fromEntries((await reader.client.expectOk(plansResponseSchema, '/api/plans')).plans.map((plan) => [plan.name, plan]));
});

afterAll(async () => {
  await worker?.stop();
  await mail?.stop();
  await stripe?.stop();
});

async function post(payload: string, headers: Record<string, string>) {
  const response = await t.app.request('/api/billing/webhook', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: payload,
  });
  return { status: response.status, body: (await response.json()) as { received?: boolean; error?: { code: string; message: string } } };
}

function deliver(event: Record<string, unknown>) {
  const { payload, signature } = signStripeEvent(event);
  return post(payload, { 'Stripe-Signature': signature });
}

/** A user who went through checkout for `plan` (customer and price exist at the stand-in), and Stripe's answer. */
async function subscriber(name: string, planName = 'Pro') {
  const user = await t.signIn({ name });
  const { url } = await user.client.expectOk(billingSessionSchema, '/api/billing/checkout', {
    method: 'POST',
    body: { planId: plans[planName]?.id },
  });
  const { session, subscription } = await stripe.completeCheckout(url?.split('/').pop() ?? '');
  return {
    ...user,
    session,
    subscription,
    mine: async () => (await user.client.expectOk(subscriptionResponseSchema, '/api/me/subscription')).subscription,
  };
}

const rowOf = async (userId: string) =>
  (
    await t.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.workspaceId, personalWorkspaceOf(userId)))
  )[0];
const seconds = () => Math.floor(Date.now() / 1000);

describe('POST /api/billing/webhook', () => {
  it('refuses a missing or wrong signature, and acknowledges what it does not use', async () => {
    const event = stripeEvent(
      'customer.subscription.deleted',
      subscriptionObject({ id: 'sub_forged', customer: 'cus_x', price: { id: 'price_x' } }),
    );
    const payload = JSON.stringify(event);
    expect(await post(payload, {})).toMatchObject({ status: 400, body: { error: { code: 'invalid_signature' } } });
    const wrong = signStripeEvent(event, 'whsec_someone_else');
    expect(await post(payload, { 'Stripe-Signature': wrong.signature })).toMatchObject({
      status: 400,
      body: { error: { code: 'invalid_signature', message: 'The Stripe signature does not match this endpoint.' } },
    });
    // Signed, then the body changed on the way.
    const signed = signStripeEvent(event);
    expect((await post(signed.payload.replace('sub_forged', 'sub_altered'), { 'Stripe-Signature': signed.signature })).status).toBe(400);

    // Server to server: the cross-site rule (routes/csrf.ts) does not apply, even to a request that carries a cookie.
    const { client } = await t.signIn({ name: 'Cookie carrier' });
    expect(
      await post(signed.payload, { 'Stripe-Signature': 'v1=0', Cookie: client.cookieHeader, Origin: 'https://elsewhere.example' }),
    ).toMatchObject({ status: 400, body: { error: { code: 'invalid_signature' } } });

    expect(await deliver(stripeEvent('customer.created', { id: 'cus_unused', object: 'customer' }))).toEqual({
      status: 200,
      body: { received: true },
    });
    // A customer this server never made: logged and acknowledged, never a 500 that Stripe would retry for days.
    expect((await deliver(event)).status).toBe(200);
    expect(
      (await deliver(stripeEvent('invoice.payment_failed', { id: 'in_x', object: 'invoice', customer: 'cus_nobody', parent: null })))
        .status,
    ).toBe(200);
  });

  it('refuses a signed event that is not one, or signed outside five minutes either way, changing nothing', async () => {
    const payer = await subscriber('Payer under attack');
    const ended = stripeEvent('customer.subscription.deleted', { ...payer.subscription, status: 'canceled' });
    const { data: _data, ...withoutData } = ended;
    const events = await t.db.select({ total: count() }).from(stripeEvents);
    const row = await rowOf(payer.id);
    for (const malformed of [withoutData, { ...ended, data: { object: null } }, { ...ended, data: null }, { ...ended, id: 'evt_\u0000' }]) {
      expect(await deliver(malformed)).toMatchObject({ status: 400, body: { error: { code: 'invalid_event' } } });
    }
    for (const offset of [3600, -3600]) {
      const payload = JSON.stringify(stripeEvent('customer.subscription.deleted', { ...payer.subscription, status: 'canceled' }));
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: stripe.webhookSecret, timestamp: seconds() + offset });
      expect(await post(payload, { 'Stripe-Signature': signature })).toEqual({
        status: 400,
        body: { error: { code: 'invalid_signature', message: 'The Stripe signature is not from the last five minutes.' } },
      });
    }
    expect(await t.db.select({ total: count() }).from(stripeEvents)).toEqual(events);
    expect(await rowOf(payer.id)).toEqual(row);
    expect((await payer.mine())?.status).toBe('active');
  });

  it('refuses a signed event whose object Stripe would never send, and the subscription stays as it was', async () => {
    const payer = await subscriber('Payer of malformed events');
    expect((await deliver(stripeEvent('checkout.session.completed', payer.session))).status).toBe(200);
    expect((await deliver(stripeEvent('customer.subscription.created', payer.subscription, { created: seconds() - 10 }))).status).toBe(200);
    const { customer: _customer, ...withoutCustomer } = payer.subscription;
    const { items, ...withoutItems } = payer.subscription as typeof payer.subscription & { items: { data: object[] } };
    const withPeriodEnd = (end: number) => ({ ...items, data: [{ ...items.data[0], current_period_end: end }] });
    const updated = (object: Record<string, unknown>, created = seconds()) =>
      stripeEvent('customer.subscription.updated', object, { created });
    const malformed = {
      'a subscription without a customer': updated(withoutCustomer),
      'a subscription without items': updated(withoutItems),
      'created in the year 3 million': updated(payer.subscription, 99_999_999_999_999),
      'a period ending at 1e15': updated({ ...payer.subscription, items: withPeriodEnd(1e15) }),
      'a NUL in the subscription id': updated({ ...payer.subscription, id: `${payer.subscription.id}\u0000` }),
      'a NUL in the customer id': updated({ ...payer.subscription, customer: 'cus_\u0000' }),
      'status null': updated({ ...payer.subscription, status: null }),
      'an invoice whose subscription id has a NUL': stripeEvent('invoice.payment_failed', {
        id: 'in_nul',
        object: 'invoice',
        customer: payer.subscription.customer,
        parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_\u0000' } },
      }),
      'a checkout for a user id with a NUL': stripeEvent('checkout.session.completed', {
        ...payer.session,
        subscription: 'sub_other',
        client_reference_id: `${payer.id}\u0000`,
      }),
    };
    const events = await t.db.select({ total: count() }).from(stripeEvents);
    const row = await rowOf(payer.id);

    const answers: Record<string, unknown> = {};
    for (const [label, event] of Object.entries(malformed)) {
      const { status, body } = await deliver(event);
      answers[label] = [status, body.error?.code];
    }
    expect(answers).toEqual(Object.fromEntries(Object.keys(malformed).map((label) => [label, [400, 'invalid_event']])));
    // The operator reading Stripe's delivery log learns which field was wrong.
    expect((await deliver(updated(withoutCustomer))).body.error?.message).toBe(
      'This customer.subscription.updated event is not as Stripe sends it (data.object.customer).',
    );
    expect(await t.db.select({ total: count() }).from(stripeEvents)).toEqual(events);
    expect(await rowOf(payer.id)).toEqual(row);
    expect(await payer.mine()).toMatchObject({ plan: { name: 'Pro' }, status: 'active', paid: true });

    // A type this server does not use is acknowledged as before, whatever its object holds: nothing reads it.
    const ignored = stripeEvent('customer.subscription.paused', { ...withoutCustomer, status: null });
    expect(await deliver(ignored)).toEqual({ status: 200, body: { received: true } });
    expect(await rowOf(payer.id)).toEqual(row);
  });

  it('links the checkout and mirrors the subscription; a replayed event id changes nothing', async () => {
    const buyer = await subscriber('Replayed');
    expect((await deliver(stripeEvent('checkout.session.completed', buyer.session))).status).toBe(200);
    expect(await buyer.mine()).toMatchObject({ plan: { name: 'Pro' }, status: 'active', paid: true });

    const canceling = stripeEvent(
      'customer.subscription.updated',
      { ...buyer.subscription, cancel_at_period_end: true },
      { created: seconds() },
    );
    expect((await deliver(canceling)).status).toBe(200);
    expect(await buyer.mine()).toMatchObject({ cancelAtPeriodEnd: true });

    // The user changes their mind in the portal; then Stripe delivers the first event again.
    expect((await deliver(stripeEvent('customer.subscription.updated', buyer.subscription, { created: seconds() + 1 }))).status).toBe(200);
    const before = await rowOf(buyer.id);
    expect(await deliver(canceling)).toEqual({ status: 200, body: { received: true } });
    expect(await rowOf(buyer.id)).toEqual(before);
    expect(await buyer.mine()).toMatchObject({ cancelAtPeriodEnd: false });
    const [recorded] = await t.db
      .select({ total: count() })
      .from(stripeEvents)
      .where(eq(stripeEvents.id, String(canceling.id)));
    expect(recorded?.total).toBe(1);
  });

  it('ends in the newer state when `updated` arrives before `created`', async () => {
    const buyer = await subscriber('Out of order', 'Business');
    const at = seconds();
    const periodEnd = at + 40 * 86_400;
    const newer = {
      ...subscriptionObject({
        id: String(buyer.subscription.id),
        customer: String(buyer.subscription.customer),
        price: (buyer.subscription.items as { data: { price: { id: string } }[] }).data[0]?.price ?? { id: '' },
        periodStart: at,
        periodEnd,
        cancelAtPeriodEnd: true,
      }),
    };
    expect((await deliver(stripeEvent('customer.subscription.updated', newer, { created: at + 5 }))).status).toBe(200);
    expect(
      (await deliver(stripeEvent('customer.subscription.created', { ...buyer.subscription, status: 'incomplete' }, { created: at })))
        .status,
    ).toBe(200);
    // checkout.session.completed carries no state of its own and comes last here: it must not undo anything either.
    expect((await deliver(stripeEvent('checkout.session.completed', buyer.session, { created: at + 1 }))).status).toBe(200);

    expect(await buyer.mine()).toMatchObject({
      plan: { name: 'Business' },
      status: 'active',
      paid: true,
      cancelAtPeriodEnd: true,
      currentPeriodEnd: new Date(periodEnd * 1000).toISOString(),
    });
  });

  it('keeps the plan through a failed payment, shown as past_due', async () => {
    const buyer = await subscriber('Declined');
    await deliver(stripeEvent('checkout.session.completed', buyer.session));
    await deliver(stripeEvent('customer.subscription.created', buyer.subscription, { created: seconds() - 1 }));
    const invoice = {
      id: 'in_declined',
      object: 'invoice',
      customer: buyer.subscription.customer,
      parent: { type: 'subscription_details', subscription_details: { subscription: buyer.subscription.id } },
    };
    expect((await deliver(stripeEvent('invoice.payment_failed', invoice))).status).toBe(200);

    expect(await buyer.mine()).toMatchObject({ plan: { name: 'Pro' }, status: 'past_due', paid: true });
    // An older `updated` (still active) delivered late does not hide the failure.
    await deliver(stripeEvent('customer.subscription.updated', buyer.subscription, { created: seconds() - 60 }));
    expect((await buyer.mine()).status).toBe('past_due');
  });

  it('returns an ended subscription to Free, pausing what Free does not allow (too fast, then the newest) and saying so', async () => {
    const buyer = await subscriber('Lapsing');
    await deliver(stripeEvent('checkout.session.completed', buyer.session));
    await deliver(stripeEvent('customer.subscription.created', buyer.subscription, { created: seconds() - 10 }));
    const base = Date.now() - 60 * 60_000;
    // Seven active tasks on Pro, oldest first; the oldest runs every 5 minutes, beyond Free's hour.
    for (let index = 0; index < 7; index += 1) {
      await seedTask(t.db, buyer.id, {
        name: `Task ${index + 1}`,
        createdAt: new Date(base + index * 60_000),
        ...(index === 0 ? { scheduleType: 'custom', customCron: '*/5 * * * *' } : { scheduleType: 'daily' }),
      });
    }
    const paused = await seedTask(t.db, buyer.id, {
      name: 'Already paused',
      status: 'paused',
      nextFireAt: null,
      createdAt: new Date(),
    });

    const ended = stripeEvent('customer.subscription.deleted', { ...buyer.subscription, status: 'canceled' });
    expect((await deliver(ended)).status).toBe(200);

    expect(await buyer.mine()).toMatchObject({ plan: { name: 'Free' }, paid: false });
    expect(await rowOf(buyer.id)).toMatchObject({
      planId: freePlanId,
      status: 'canceled',
      stripeSubscriptionId: buyer.subscription.id,
    });
    const statuses = Object.fromEntries(
      (await t.db.select().from(tasks).where(eq(tasks.userId, buyer.id))).map((task) => [task.name, [task.status, task.nextFireAt]]),
    );
    expect(statuses).toEqual({
      'Task 1': ['paused', null],
      'Task 2': ['active', null],
      'Task 3': ['active', null],
      'Task 4': ['active', null],
      'Task 5': ['active', null],
      'Task 6': ['active', null],
      'Task 7': ['paused', null],
      [paused.name]: ['paused', null],
    });

    const message = await mail.waitFor(buyer.email, (received) => received.subject.includes('paused'));
    expect(message.subject).toBe('2 tasks were paused: your plan is now Free');
    expect(message.text).toContain('Task 1: Your Free plan runs a task at most every 60 minutes.');
    expect(message.text).toContain('Task 7: Your Free plan allows 5 active tasks.');
    expect(message.text).not.toContain('Task 6');

    // Stripe's retry of the same event pauses nothing more and sends no second mail.
    expect((await deliver(ended)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mail.messages.filter((received) => received.to.includes(buyer.email))).toHaveLength(1);
  });

  it("lets a user who lapsed buy again, and the old subscription's late events leave the new one alone", async () => {
    const buyer = await subscriber('Returning');
    await deliver(stripeEvent('customer.subscription.created', buyer.subscription, { created: seconds() - 20 }));
    await deliver(stripeEvent('customer.subscription.deleted', { ...buyer.subscription, status: 'canceled' }, { created: seconds() - 10 }));
    expect((await buyer.mine()).plan.name).toBe('Free');

    const { url } = await buyer.client.expectOk(billingSessionSchema, '/api/billing/checkout', {
      method: 'POST',
      body: { planId: plans.Business?.id },
    });
    const again = await stripe.completeCheckout(url?.split('/').pop() ?? '');
    expect(again.session.customer).toBe(buyer.subscription.customer);
    await deliver(stripeEvent('checkout.session.completed', again.session));
    await deliver(stripeEvent('customer.subscription.created', again.subscription));
    await deliver(stripeEvent('customer.subscription.updated', { ...buyer.subscription, status: 'canceled' }, { created: seconds() + 5 }));
    expect(await buyer.mine()).toMatchObject({ plan: { name: 'Business' }, status: 'active', paid: true });
  });
});
