import { createRoute } from '@hono/zod-openapi';
import { dashboardSchema } from '#shared/dashboard/dashboard.schema';
import { requireUserOrKey } from '../auth/api-key-middleware';
import { createRouter } from '../create-router';
import { errorResponseSchema } from '../errors';
import { json, keyAccess } from '../openapi';
import { getDashboard } from './dashboard.handlers';

export const getDashboardRoute = createRoute({
  tags: ['Dashboard'],
  middleware: [requireUserOrKey] as const,
  security: keyAccess('read'),
  method: 'get',
  path: '/api/dashboard',
  summary: 'Your overview: stat cards, active tasks, the 5 latest runs and the monthly quota',
  responses: {
    200: json(dashboardSchema, 'The overview'),
    401: json(errorResponseSchema, 'Not signed in'),
  },
});

export const dashboardRouter = createRouter().openapi(getDashboardRoute, getDashboard);
