import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../app-env';
import { getDashboard as getDashboardCore } from '../../core/dashboard/get-dashboard';
import type { getDashboardRoute } from './dashboard.routes';

export const getDashboard: RouteHandler<typeof getDashboardRoute, AppEnv> = async (c) => {
  const { db, runCounts } = c.var.deps;
  return c.json(await getDashboardCore({ db, totals: runCounts, userId: c.var.sessionUser.id }), 200);
};
