import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../app-env';
import { openBillingPortal } from '../../core/billing/billing-portal';
import { startCheckout } from '../../core/billing/checkout';
import { getSubscription } from '../../core/billing/get-subscription';
import { handleStripeWebhook } from '../../core/billing/handle-stripe-webhook';
import { listPlans } from '../../core/billing/list-plans';
import type { billingPortalRoute, checkoutRoute, getPlansRoute, getSubscriptionRoute, stripeWebhookRoute } from './billing.routes';

export const getPlans: RouteHandler<typeof getPlansRoute, AppEnv> = async (c) => {
  return c.json({ plans: await listPlans({ db: c.var.deps.db }) }, 200);
};

export const getOwnSubscription: RouteHandler<typeof getSubscriptionRoute, AppEnv> = async (c) => {
  const { db, env } = c.var.deps;
  return c.json({ subscription: await getSubscription({ db, env, workspaceId: c.var.workspace.id }) }, 200);
};

export const postCheckout: RouteHandler<typeof checkoutRoute, AppEnv> = async (c) => {
  const { id, email } = c.var.sessionUser;
  const { planId } = c.req.valid('json');
  return c.json(
    await startCheckout({ db: c.var.deps.db, env: c.var.deps.env, workspaceId: c.var.workspace.id, userId: id, email, planId }),
    200,
  );
};

export const postBillingPortal: RouteHandler<typeof billingPortalRoute, AppEnv> = async (c) => {
  return c.json(await openBillingPortal({ db: c.var.deps.db, env: c.var.deps.env, workspaceId: c.var.workspace.id }), 200);
};

export const postStripeWebhook: RouteHandler<typeof stripeWebhookRoute, AppEnv> = async (c) => {
  // The raw text, before anything parses it: the signature is over these exact bytes.
  const payload = await c.req.text();
  await handleStripeWebhook({
    db: c.var.deps.db,
    env: c.var.deps.env,
    log: c.var.log,
    payload,
    signature: c.req.header('stripe-signature'),
  });
  return c.json({ received: true as const }, 200);
};
