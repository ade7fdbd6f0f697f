import { createRoute, z } from '@hono/zod-openapi';
import { requireUser } from '../auth/session-middleware';
import { createRouter } from '../create-router';
import { errorJson, sessionOnly } from '../openapi';
import { streamRunEvents } from './events.handlers';

export const runEventsRoute = createRoute({
  operationId: 'streamRunEvents',
  security: sessionOnly,
  tags: ['Runs'],
  middleware: [requireUser] as const,
  method: 'get',
  path: '/api/events',
  summary: 'Live run changes (Server-Sent Events): event `run` with {runId, taskId, status}, for your runs only',
  description:
    'Sent whenever one of your runs is created or changes status or delivery status, from any API or worker process. ' +
    'A comment `: ping` every 25 s keeps proxies from closing the stream. The stream ends when the server loses its ' +
    'database connection or shuts down; reconnect and refetch what you show, as events may have been missed. ' +
    'When the session ends (signed out, password changed, account suspended or deleted, expired) the stream sends ' +
    '`event: session-ended` with {reason} within seconds and closes; reconnecting then answers 401.',
  responses: {
    200: { description: 'The event stream', content: { 'text/event-stream': { schema: z.string() } } },

    429: errorJson('Your account already holds 20 live update streams in this server process'),
    503: errorJson('Live updates are unavailable right now (no database connection)'),
  },
});

export const eventsRouter = createRouter().openapi(runEventsRoute, streamRunEvents);
