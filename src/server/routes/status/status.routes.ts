import { createRoute, type RouteHandler } from '@hono/zod-openapi';
import { statusSchema } from '#shared/status/status.schema';
import type { AppEnv } from '../../app-env';
import { getStatus as getStatusCore } from '../../status/get-status';
import { createRouter } from '../create-router';
import { errorBody } from '../errors';
import { errorJson, json, noWorkspaceData } from '../openapi';

export const getStatusRoute = createRoute({
  operationId: 'getStatus',
  ...noWorkspaceData,
  method: 'get',
  path: '/api/status',
  security: [],
  tags: ['System'],
  summary: 'Public service status',
  description:
    'What the public status page shows: the state of the API, workers, database and e-mail now, and for each of the last 90 UTC days the scheduled runs, their on-time share (begun within 1 s of their slot), p50/p99 lateness and the delivery success share, with the incidents. 404 when PUBLIC_STATUS_PAGE is false.',
  responses: {
    200: json(statusSchema, 'The service status'),
    404: errorJson('The status page is turned off'),
  },
});

const getStatus: RouteHandler<typeof getStatusRoute, AppEnv> = async (c) => {
  const { env, db, pool } = c.var.deps;
  if (!env.PUBLIC_STATUS_PAGE) return c.json(errorBody('not_found', 'No API route GET /api/status.'), 404);
  c.header('Cache-Control', 'public, max-age=15');
  return c.json(await getStatusCore({ db, pool, smtpConfigured: Boolean(env.SMTP_URL) }), 200);
};

export const statusRouter = createRouter().openapi(getStatusRoute, getStatus);
