import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../app-env';
import { listAdminPlans } from '../../core/admin/plans/list-admin-plans';
import { createPlan, updatePlan } from '../../core/admin/plans/save-plan';
import type { createAdminPlanRoute, listAdminPlansRoute, updateAdminPlanRoute } from './admin-plans.routes';

export const listPlans: RouteHandler<typeof listAdminPlansRoute, AppEnv> = async (c) => {
  return c.json({ plans: await listAdminPlans({ db: c.var.deps.db }) }, 200);
};

export const createAdminPlan: RouteHandler<typeof createAdminPlanRoute, AppEnv> = async (c) => {
  const plan = await createPlan({ db: c.var.deps.db, actorId: c.var.sessionUser.id, input: c.req.valid('json') });
  return c.json({ plan }, 201);
};

export const updateAdminPlan: RouteHandler<typeof updateAdminPlanRoute, AppEnv> = async (c) => {
  const plan = await updatePlan({
    db: c.var.deps.db,
    actorId: c.var.sessionUser.id,
    planId: c.req.valid('param').id,
    changes: c.req.valid('json'),
  });
  return c.json({ plan }, 200);
};
