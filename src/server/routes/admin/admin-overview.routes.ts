import { createRoute } from '@hono/zod-openapi';
import { adminOverviewSchema } from '#shared/admin/admin-overview.schema';
import { createRouter } from '../create-router';
import { json, noWorkspaceData, sessionOnly } from '../openapi';
import { getOverview } from './admin-overview.handlers';

/*
 * Administration: the dashboard's figures (issue 17). The admin router's `/api/admin/*` guard (requireUser,
 * requireAdmin) runs before this route; the responses below document it.
 */

export const getAdminOverviewRoute = createRoute({
  operationId: 'getAdminOverview',
  ...noWorkspaceData,
  security: sessionOnly,
  tags: ['Administration'],
  method: 'get',
  path: '/api/admin/overview',
  summary: 'Platform figures: user, task and run counts, the 4 latest signups, system health and 7 months of signups',
  responses: { 200: json(adminOverviewSchema, 'The figures, as of now') },
});

export const adminOverviewRouter = createRouter().openapi(getAdminOverviewRoute, getOverview);
