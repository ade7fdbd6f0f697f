import { createRoute, z } from '@hono/zod-openapi';
import { billingSessionSchema, checkoutRequestSchema } from '#shared/billing/billing-session.schema';
import { plansResponseSchema, subscriptionResponseSchema } from '#shared/billing/plan.schema';
import { createRouter } from '../create-router';
import { errorJson, json, jsonBody, noWorkspaceData, userInWorkspace } from '../openapi';
import { getOwnSubscription, getPlans, postBillingPortal, postCheckout, postStripeWebhook } from './billing.handlers';

/** Public: visitors and the pricing pages read the plans before anyone signs in. */
export const getPlansRoute = createRoute({
  operationId: 'listPlans',
  ...noWorkspaceData,
  method: 'get',
  path: '/api/plans',
  security: [],
  tags: ['Billing'],
  summary: 'The plans for sale, cheapest first, with their limits',
  responses: { 200: json(plansResponseSchema, 'The plans') },
});

export const getSubscriptionRoute = createRoute({
  operationId: 'getSubscription',
  // The account's subscription stands for the workspace's until plans belong to workspaces (ADR 0131).
  ...userInWorkspace('owner'),
  method: 'get',
  path: '/api/me/subscription',
  tags: ['Billing'],
  summary: "Your plan, the subscription's status and period, and this period's usage",
  responses: { 200: json(subscriptionResponseSchema, 'The subscription (Free when none was bought)') },
});

const signedIn = {
  403: errorJson('Refused: a cross-site request, or a password still to be set'),
  502: errorJson('Stripe refused or could not be reached (`payment_provider`)'),
};

export const checkoutRoute = createRoute({
  operationId: 'createCheckoutSession',
  ...userInWorkspace('owner'),
  method: 'post',
  path: '/api/billing/checkout',
  tags: ['Billing'],
  summary: "Start a Stripe Checkout for a paid plan; send the browser to the answer's url",
  request: { body: jsonBody(checkoutRequestSchema) },
  responses: {
    200: json(billingSessionSchema, 'The Checkout page to send the browser to'),
    400: errorJson('`payments_not_configured` (no Stripe key on this server), or a free plan'),
    ...signedIn,
    404: errorJson('No such plan for sale'),
    409: errorJson('Already paying (change plans through the billing portal), or on a plan an administrator gave'),
  },
});

export const billingPortalRoute = createRoute({
  operationId: 'createBillingPortalSession',
  ...userInWorkspace('owner'),
  method: 'post',
  path: '/api/billing/portal',
  tags: ['Billing'],
  summary: 'Open the Stripe Billing Portal, where a paying user changes plan, card or cancels',
  responses: {
    200: json(billingSessionSchema, 'The Billing Portal page to send the browser to'),
    400: errorJson('`payments_not_configured`, or `no_billing_account` (never subscribed)'),
    ...signedIn,
  },
});

/**
 * Stripe's events, signed with the endpoint's secret. The body is read raw (the signature covers its exact bytes), so
 * no request schema parses it here: each event type's own schema does, once the signature holds
 * (stripe-event.schema.ts). It carries no session cookie, and csrf.ts lets it through.
 */
export const stripeWebhookRoute = createRoute({
  operationId: 'receiveStripeEvent',
  ...noWorkspaceData,
  method: 'post',
  path: '/api/billing/webhook',
  security: [],
  tags: ['Billing'],
  summary: 'Stripe webhook: checkout.session.completed, customer.subscription.*, invoice.payment_failed',
  request: { headers: z.object({ 'stripe-signature': z.string().optional() }) },
  responses: {
    200: json(z.object({ received: z.literal(true) }), 'Applied, already applied (a replay), or not an event this server uses'),
    400: errorJson(
      '`invalid_signature`; `invalid_event` (signed, but not shaped as Stripe sends that type); or `payments_not_configured` (no STRIPE_WEBHOOK_SECRET)',
    ),
  },
});

export const billingRouter = createRouter()
  .openapi(getPlansRoute, getPlans)
  .openapi(getSubscriptionRoute, getOwnSubscription)
  .openapi(checkoutRoute, postCheckout)
  .openapi(billingPortalRoute, postBillingPortal)
  .openapi(stripeWebhookRoute, postStripeWebhook);
