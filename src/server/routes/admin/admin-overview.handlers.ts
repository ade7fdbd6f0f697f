import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../app-env';
import { getAdminOverview } from '../../core/admin/overview/get-admin-overview';
import type { getAdminOverviewRoute } from './admin-overview.routes';

export const getOverview: RouteHandler<typeof getAdminOverviewRoute, AppEnv> = async (c) => {
  return c.json(await getAdminOverview({ db: c.var.deps.db }), 200);
};
