import { createRoute } from '@hono/zod-openapi';
import { createRouter } from '../create-router';
import { getHealth } from './health.handlers';
import { healthSchema } from '#shared/health.schema';

export const getHealthRoute = createRoute({
  method: 'get',
  path: '/api/health',
  tags: ['System'],
  summary: 'Service health',
  description: 'Answers 200 when the service can reach its database, 503 otherwise. The footer status badge shows it.',
  responses: {
    200: { description: 'Healthy', content: { 'application/json': { schema: healthSchema } } },
    503: { description: 'The database is unreachable', content: { 'application/json': { schema: healthSchema } } },
  },
});

export const healthRouter = createRouter().openapi(getHealthRoute, getHealth);
