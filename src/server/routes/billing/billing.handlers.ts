import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../app-env';
import { getSubscription } from '../../core/billing/get-subscription';
import { listPlans } from '../../core/billing/list-plans';
import type { getPlansRoute, getSubscriptionRoute } from './billing.routes';

export const getPlans: RouteHandler<typeof getPlansRoute, AppEnv> = async (c) => {
  return c.json({ plans: await listPlans({ db: c.var.deps.db }) }, 200);
};

export const getOwnSubscription: RouteHandler<typeof getSubscriptionRoute, AppEnv> = async (c) => {
  const { db, env } = c.var.deps;
  return c.json({ subscription: await getSubscription({ db, env, userId: c.var.sessionUser.id }) }, 200);
};
