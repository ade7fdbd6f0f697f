import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingSessionSchema } from '#shared/billing/billing-session.schema';
import { plansResponseSchema, subscriptionResponseSchema, type Plan } from '#shared/billing/plan.schema';
import { createTestApp, signInTestUser, type SignedInUser, type TestClient, testAppUrl, useTestApp, expectStatus } from '#test/app';
import { signStripeEvent, startStripeServer, stripeEvent, type StripeStandIn } from '#test/stripe-server';
import { subscriptionPlans, subscriptions, unlimitedPlanId } from '../../db/schema';
import { personalWorkspaceOf } from '#server/core/billing/personal-workspace-of';
import { personalWorkspaceId } from '#test/users';

let stripe: StripeStandIn;
// Registered before useTestApp's own beforeAll, which calls `env` when it builds the app.
beforeAll(async () => {
  stripe = await startStripeServer();
});
const t = useTestApp({
  env: () => ({ STRIPE_SECRET_KEY: stripe.apiKey, STRIPE_WEBHOOK_SECRET: stripe.webhookSecret, STRIPE_API_BASE: stripe.baseUrl }),
});
let unpaid: Awaited<ReturnType<typeof createTestApp>>;
let plans: Record<string, Plan>;
let owner: SignedInUser;

beforeAll(async () => {
  unpaid = await createTestApp({ database: t.database });
  // The administrator, on Unlimited (the install's first account); every test below signs in regular users.
  owner = await t.signIn({ name: 'Owner', role: 'admin' });
  const reader = await t.signIn({ name: 'Reader' });
  plans = Object.fromEntries((await reader.client.expectOk(plansResponseSchema, '/api/plans')).plans.map((plan) => [plan.name, plan]));
});

afterAll(async () => {
  await stripe?.stop();
});

const checkout = (client: TestClient, planId: string) => client.request('/api/billing/checkout', { method: 'POST', body: { planId } });
/** A checkout the test expects to open: the Checkout page's url. */
const checkoutSession = (client: TestClient, planId: string) =>
  client.expectOk(billingSessionSchema, '/api/billing/checkout', { method: 'POST', body: { planId }, status: 200 });
const refusedCheckout = (client: TestClient, planId: string, status: number) =>
  client.expectError('/api/billing/checkout', { method: 'POST', body: { planId }, status });
const subscriptionOf = async (client: TestClient) =>
  (await client.expectOk(subscriptionResponseSchema, '/api/me/subscription')).subscription;

async function deliver(event: Record<string, unknown>) {
  const { payload, signature } = signStripeEvent(event);
  const response = await t.app.request('/api/billing/webhook', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
    body: payload,
  });
  return response.status;
}

describe('without STRIPE_SECRET_KEY', () => {
  it('answers checkout and the portal with payments_not_configured, and the page hears it', async () => {
    const { client } = await signInTestUser({ database: t.database, ...unpaid }, { name: 'Nokey' });
    const notConfigured = { error: { code: 'payments_not_configured', message: 'Payments are not configured on this server.' } };
    expect(await refusedCheckout(client, plans.Pro?.id ?? '', 400)).toMatchObject(notConfigured);
    expect(await client.expectError('/api/billing/portal', { method: 'POST', status: 400 })).toMatchObject(notConfigured);
    expect((await subscriptionOf(client)).paymentsConfigured).toBe(false);
    const webhook = await unpaid.app.request('/api/billing/webhook', {
      method: 'POST',
      body: '{}',
      headers: { 'Stripe-Signature': 't=1,v1=00' },
    });
    expectStatus(webhook, 400);
    expect(((await webhook.json()) as { error: { code: string } }).error.code).toBe('payments_not_configured');
  });
});

describe('POST /api/billing/checkout', () => {
  it('creates the price once per plan and the customer once per user, and answers the Checkout url', async () => {
    const { client, id: userId, email } = await t.signIn({ name: 'Buyer' });
    const pro = plans.Pro?.id ?? '';
    expect((await subscriptionOf(client)).paymentsConfigured).toBe(true);

    const first = await checkoutSession(client, pro);
    expect(first.url).toMatch(new RegExp(`^${stripe.baseUrl}/checkout/cs_`));

    expect(stripe.requestsTo('POST', '/v1/products').map((request) => request.body)).toEqual([
      { name: 'Promptcron Pro', description: expect.any(String), metadata: { planId: pro } },
    ]);
    expect(stripe.requestsTo('POST', '/v1/prices').map((request) => request.body)).toEqual([
      {
        product: expect.stringMatching(/^prod_/),
        unit_amount: '900',
        currency: 'usd',
        recurring: { interval: 'month' },
        metadata: { planId: pro },
      },
    ]);
    expect(stripe.requestsTo('POST', '/v1/prices')[0]?.idempotencyKey).toBe(`promptcron-plan-${pro}-900-usd-month-price`);
    const workspaceId = await personalWorkspaceId(t.db, userId);
    expect(stripe.requestsTo('POST', '/v1/customers').map((request) => request.body)).toEqual([{ email, metadata: { workspaceId } }]);
    const [plan] = await t.db.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, pro));
    const [row] = await t.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.workspaceId, personalWorkspaceOf(userId)));
    expect(plan?.stripePriceId).toMatch(/^price_/);
    expect(row).toMatchObject({ stripeCustomerId: expect.stringMatching(/^cus_/), stripeSubscriptionId: null, status: 'active' });

    expect(stripe.requestsTo('POST', '/v1/checkout/sessions').at(-1)?.body).toEqual({
      mode: 'subscription',
      customer: row?.stripeCustomerId,
      client_reference_id: workspaceId,
      line_items: [{ price: plan?.stripePriceId, quantity: '1' }],
      success_url: `${testAppUrl}/dashboard/subscription?success=true`,
      cancel_url: `${testAppUrl}/dashboard/subscription?canceled=true`,
      metadata: { workspaceId, userId, planId: pro },
      subscription_data: { metadata: { workspaceId, userId, planId: pro } },
    });
    // Still on Free: only Stripe's webhook changes the plan.
    expect(await subscriptionOf(client)).toMatchObject({ plan: { name: 'Free' }, paid: false });

    // A second checkout (the first abandoned) and another user's: no second customer for this user, no second price.
    expect((await checkout(client, pro)).status).toBe(200);
    const other = await t.signIn({ name: 'Second buyer' });
    expect((await checkout(other.client, pro)).status).toBe(200);
    expect(stripe.requestsTo('POST', '/v1/prices')).toHaveLength(1);
    expect(
      stripe.requestsTo('POST', '/v1/customers').map((request) => (request.body.metadata as { workspaceId: string }).workspaceId),
    ).toEqual([workspaceId, await personalWorkspaceId(t.db, other.id)]);
    expect(
      stripe
        .requestsTo('POST', '/v1/checkout/sessions')
        .slice(-2)
        .map((request) => request.body.customer),
    ).toEqual([row?.stripeCustomerId, expect.not.stringMatching(row?.stripeCustomerId ?? '')]);
  });

  it('refuses a plan that is free, not for sale or unknown, with a clear message', async () => {
    const { client } = await t.signIn({ name: 'Picky' });
    expect(await refusedCheckout(client, plans.Free?.id ?? '', 400)).toMatchObject({
      error: { code: 'validation_failed', message: 'The Free plan is free: there is nothing to pay.' },
    });
    const notForSale = { error: { code: 'not_found', message: 'This plan does not exist or is not for sale.' } };
    expect(await refusedCheckout(client, unlimitedPlanId, 404)).toMatchObject(notForSale);
    expect(await refusedCheckout(client, '00000000-0000-4000-8000-0000000000ff', 404)).toMatchObject(notForSale);
    expect(await refusedCheckout(client, 'pro', 404)).toMatchObject(notForSale);
    expect((await client.request('/api/billing/checkout', { method: 'POST', body: {} })).status).toBe(400);
  });

  it('keeps a plan given by an administrator (Unlimited) rather than selling a smaller one over it', async () => {
    const answer = await refusedCheckout(owner.client, plans.Pro?.id ?? '', 409);
    expect(answer).toMatchObject({
      error: { code: 'conflict', message: 'Your plan was given by an administrator: there is nothing to buy.' },
    });
  });

  it('sends a paying user to the billing portal instead of a second checkout', async () => {
    const { client, id: userId } = await t.signIn({ name: 'Payer' });
    const { url } = await checkoutSession(client, plans.Pro?.id ?? '');
    const { session, subscription } = await stripe.completeCheckout(url?.split('/').pop() ?? '');
    expect(await deliver(stripeEvent('checkout.session.completed', session))).toBe(200);
    expect(await deliver(stripeEvent('customer.subscription.created', subscription))).toBe(200);

    const mine = await subscriptionOf(client);
    const item = (subscription.items as { data: { current_period_start: number; current_period_end: number }[] }).data[0];
    expect(mine).toMatchObject({
      plan: { name: 'Pro' },
      status: 'active',
      paid: true,
      cancelAtPeriodEnd: false,
      currentPeriodStart: new Date((item?.current_period_start ?? 0) * 1000).toISOString(),
      currentPeriodEnd: new Date((item?.current_period_end ?? 0) * 1000).toISOString(),
    });

    const sessions = stripe.requestsTo('POST', '/v1/checkout/sessions').length;
    const again = await refusedCheckout(client, plans.Business?.id ?? '', 409);
    expect(again.error.message).toContain('change plans through the billing portal');
    expect(stripe.requestsTo('POST', '/v1/checkout/sessions')).toHaveLength(sessions);
    const [row] = await t.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.workspaceId, personalWorkspaceOf(userId)));
    expect(row?.stripeSubscriptionId).toBe(subscription.id);
  });
});

describe('POST /api/billing/portal', () => {
  it("opens the portal of the user's customer, returning to the plans page", async () => {
    const { client, id: userId } = await t.signIn({ name: 'Manager' });
    await checkout(client, plans.Pro?.id ?? '');
    const portal = await client.expectOk(billingSessionSchema, '/api/billing/portal', { method: 'POST', status: 200 });
    expect(portal.url).toMatch(new RegExp(`^${stripe.baseUrl}/portal/bps_`));
    const [row] = await t.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.workspaceId, personalWorkspaceOf(userId)));
    expect(stripe.requestsTo('POST', '/v1/billing_portal/sessions').at(-1)?.body).toEqual({
      customer: row?.stripeCustomerId,
      return_url: `${testAppUrl}/dashboard/subscription`,
    });
  });

  it('says so when the user never started a checkout', async () => {
    const { client } = await t.signIn({ name: 'Newcomer' });
    expect(await client.expectError('/api/billing/portal', { method: 'POST', status: 400 })).toMatchObject({
      error: { code: 'no_billing_account', message: 'You have no billing account yet: subscribe to a paid plan first.' },
    });
  });

  it('reports Stripe refusing the key as a provider error, not a crash', async () => {
    const wrongKey = await createTestApp({
      database: t.database,
      env: { STRIPE_SECRET_KEY: 'sk_test_wrong', STRIPE_API_BASE: stripe.baseUrl },
    });
    const { client } = await signInTestUser({ database: t.database, ...wrongKey }, { name: 'Wrong key' });
    const response = await refusedCheckout(client, plans.Pro?.id ?? '', 502);
    expect(response).toMatchObject({
      error: { code: 'payment_provider', message: 'Stripe: Invalid API Key provided.' },
    });
  });
});

describe('OpenAPI', () => {
  it('declares the billing routes with their refusals', async () => {
    const document = (await (await t.app.request('/api/openapi.json')).json()) as {
      paths: Record<string, { post?: { responses: Record<string, unknown> } }>;
    };
    expect(Object.keys(document.paths['/api/billing/checkout']?.post?.responses ?? {}).sort()).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
      '409',
      '413',
      '415',
      '502',
      '503',
    ]);
    expect(Object.keys(document.paths['/api/billing/portal']?.post?.responses ?? {}).sort()).toEqual([
      '200',
      '400',
      '401',
      '403',
      // A workspace the request names that is not the caller's.
      '404',
      '413',
      '502',
      '503',
    ]);
    expect(Object.keys(document.paths['/api/billing/webhook']?.post?.responses ?? {}).sort()).toEqual(['200', '400', '413', '503']);
  });
});

describe('one open checkout', () => {
  it('keeps one open checkout per user: two tabs share it, another plan expires it', async () => {
    const { client } = await t.signIn({ name: 'Two tabs' });
    const pro = plans.Pro?.id ?? '';
    const before = stripe.requestsTo('POST', '/v1/checkout/sessions').length;
    const [first, second] = await Promise.all([checkout(client, pro), checkout(client, pro)]);
    expectStatus(first, 200);
    expect(second.body).toEqual(first.body);
    expect(stripe.requestsTo('POST', '/v1/checkout/sessions')).toHaveLength(before + 1);

    const business = await checkout(client, plans.Business?.id ?? '');
    expectStatus(business, 200);
    expect(business.body.url).not.toBe(first.body.url);
    const proSession = String(first.body.url).split('/').at(-1);
    expect(stripe.requestsTo('POST', `/v1/checkout/sessions/${proSession}/expire`)).toHaveLength(1);
    // The first tab's page can no longer take a payment.
    expect((await fetch(String(first.body.url), { redirect: 'manual' })).status).toBe(410);
  });
});
