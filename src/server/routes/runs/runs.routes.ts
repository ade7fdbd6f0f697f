import { createRoute, z } from '@hono/zod-openapi';
import { historyPageSchema, replayResponseSchema, runResponseSchema } from '#shared/runs/run.schema';
import { createRouter } from '../create-router';
import { errorJson, idParam, json, userOrKey } from '../openapi';
import { getRun, listHistory, replayDelivery } from './runs.handlers';
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

export const replayDeliveryRoute = createRoute({
  operationId: 'sendDeliveryReplay',
  tags,
  ...userOrKey('post'),
  path: '/api/runs/{id}/destinations/{destinationId}/replay',
  summary: 'Send a run’s delivery to one of its destinations again (a webhook gets a new webhook-id naming the original)',
  request: {
    params: idParam.extend({ destinationId: z.string().openapi({ param: { name: 'destinationId', in: 'path' } }) }),
  },
  responses: {
    202: json(replayResponseSchema, 'The replay, queued to be sent'),
    404: errorJson('No such run among yours, or no such destination in it'),
    409: errorJson('The run is still going, the destination was removed, or its address has not confirmed'),
    429: errorJson('This run’s deliveries were sent again 10 times in the last 24 hours (`rate_limited`)'),
  },
});

export const runsRouter = createRouter()
  .openapi(listHistoryRoute, listHistory)
  .openapi(getRunRoute, getRun)
  .openapi(replayDeliveryRoute, replayDelivery);
