import { createRoute } from '@hono/zod-openapi';
import { historyPageSchema, runResponseSchema } from '#shared/runs/run.schema';
import { requireUserOrKey } from '../auth/api-key-middleware';
import { createRouter } from '../create-router';
import { errorResponseSchema } from '../errors';
import { json, keyAccess } from '../openapi';
import { getRun, listHistory } from './runs.handlers';
import { historyQuerySchema, runIdParamSchema } from './runs.schemas';

export const listHistoryRoute = createRoute({
  tags: ['Runs'],
  middleware: [requireUserOrKey] as const,
  security: keyAccess('read'),
  method: 'get',
  path: '/api/runs',
  summary: 'Your run history, newest first: time range, search, keyset pagination and the total matching the filter',
  request: { query: historyQuerySchema },
  responses: {
    200: json(historyPageSchema, 'A page of runs and how many match the filter'),
    400: json(errorResponseSchema, 'A parameter breaks a rule (fields keyed by parameter)'),
    401: json(errorResponseSchema, 'Not signed in'),
  },
});

export const getRunRoute = createRoute({
  tags: ['Runs'],
  middleware: [requireUserOrKey] as const,
  security: keyAccess('read'),
  method: 'get',
  path: '/api/runs/{id}',
  summary: 'One of your runs, with its full result',
  request: { params: runIdParamSchema },
  responses: {
    200: json(runResponseSchema, 'The run'),
    401: json(errorResponseSchema, 'Not signed in'),
    404: json(errorResponseSchema, 'No such run among yours'),
  },
});

export const runsRouter = createRouter().openapi(listHistoryRoute, listHistory).openapi(getRunRoute, getRun);
