import { createRoute } from '@hono/zod-openapi';
import { dashboardSchema } from '#shared/dashboard/dashboard.schema';
import { createRouter } from '../create-router';
import { json, userOrKey } from '../openapi';
import { getDashboard } from './dashboard.handlers';

export const getDashboardRoute = createRoute({
  operationId: 'getDashboard',
  tags: ['Dashboard'],
  ...userOrKey('get'),
  path: '/api/dashboard',
  summary: 'Your overview: stat cards, active tasks, the 5 latest runs and the monthly quota',
  responses: { 200: json(dashboardSchema, 'The overview') },
});

export const dashboardRouter = createRouter().openapi(getDashboardRoute, getDashboard);
