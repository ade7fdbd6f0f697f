import { createRoute } from '@hono/zod-openapi';
import { historyPageSchema, runResponseSchema } from '#shared/runs/run.schema';
import { createRouter } from '../create-router';
import { errorJson, idParam, json, userOrKey } from '../openapi';
import { getRun, listHistory } from './runs.handlers';
import { historyQuerySchema } from './runs.schemas';

const tags = ['Runs'];

export const listHistoryRoute = createRoute({
  operationId: 'listRuns',
  tags,
  ...userOrKey('get'),
  path: '/api/runs',
  summary: 'Your run history, newest first: time range, search, keyset pagination and the total matching the filter',
  request: { query: historyQuerySchema },
  responses: {
    200: json(historyPageSchema, 'A page of runs and how many match the filter'),
    400: errorJson('A parameter breaks a rule (fields keyed by parameter)'),
  },
});

export const getRunRoute = createRoute({
  operationId: 'getRun',
  tags,
  ...userOrKey('get'),
  path: '/api/runs/{id}',
  summary: 'One of your runs, with its full result',
  request: { params: idParam },
  responses: { 200: json(runResponseSchema, 'The run'), 404: errorJson('No such run among yours') },
});

export const runsRouter = createRouter().openapi(listHistoryRoute, listHistory).openapi(getRunRoute, getRun);
