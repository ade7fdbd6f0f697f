import { createRoute, type z } from '@hono/zod-openapi';
import { requireUser } from '../auth/session-middleware';
import { createRouter } from '../create-router';
import { errorResponseSchema } from '../errors';
import { runResponseSchema } from '../tasks/tasks.schemas';
import { getRun, listRuns } from './runs.handlers';
import { runHistoryPageSchema, runHistoryQuerySchema, runIdParamSchema } from './runs.schemas';

const json = <T extends z.ZodType>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });

export const listRunsRoute = createRoute({
  tags: ['Runs'],
  middleware: [requireUser] as const,
  method: 'get',
  path: '/api/runs',
  summary: 'Your run history, newest first: time range, search, keyset pagination and the total matching the filter',
  request: { query: runHistoryQuerySchema },
  responses: {
    200: json(runHistoryPageSchema, 'A page of runs and how many match the filter'),
    400: json(errorResponseSchema, 'A parameter breaks a rule (fields keyed by parameter)'),
    401: json(errorResponseSchema, 'Not signed in'),
  },
});

export const getRunRoute = createRoute({
  tags: ['Runs'],
  middleware: [requireUser] as const,
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

export const runsRouter = createRouter().openapi(listRunsRoute, listRuns).openapi(getRunRoute, getRun);
