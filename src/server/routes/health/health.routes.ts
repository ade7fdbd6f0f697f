import { createRoute } from '@hono/zod-openapi';
import { healthSchema } from '#shared/health.schema';
import { createRouter } from '../create-router';
import { json, noWorkspaceData } from '../openapi';
import { getHealth } from './health.handlers';

export const getHealthRoute = createRoute({
  operationId: 'getHealth',
  ...noWorkspaceData,
  method: 'get',
  path: '/api/health',
  security: [],
  tags: ['System'],
  summary: 'Service health',
  description: 'Answers 200 when the service can reach its database, 503 otherwise. The footer status badge shows it.',
  responses: {
    200: json(healthSchema, 'Healthy'),
    503: json(healthSchema, 'The database is unreachable'),
  },
});

export const healthRouter = createRouter().openapi(getHealthRoute, getHealth);
