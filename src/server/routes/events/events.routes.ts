import { createRoute, z } from '@hono/zod-openapi';
import { actingWorkspace } from '../auth/acting-workspace';
import { requireUser } from '../auth/session-middleware';
import { createRouter } from '../create-router';
import { errorJson, sessionOnly } from '../openapi';
import { streamRunEvents } from './events.handlers';

export const runEventsRoute = createRoute({
  operationId: 'streamRunEvents',
  security: sessionOnly,
  tags: ['Runs'],
  middleware: [requireUser, actingWorkspace('viewer')] as const,
  'x-workspace-role': 'viewer',
  method: 'get',
  path: '/api/events',
  summary: 'Live run changes (Server-Sent Events): event `run` with {runId, taskId, status}, for one workspace’s runs',
  description:
    'Sent whenever a run of the workspace is created or changes status or delivery status, whoever’s task made it, ' +
    'from any API or worker process. An EventSource cannot set headers, so `?workspace=` names the workspace ' +
    '(`X-Workspace-Id` works too); naming none means your personal workspace. ' +
    'A comment `: ping` every 25 s keeps proxies from closing the stream. The stream ends when the server loses its ' +
    'database connection or shuts down; reconnect and refetch what you show, as events may have been missed. ' +
    'When the session ends (signed out, password changed, account suspended or deleted, expired) the stream sends ' +
    '`event: session-ended` with {reason} within seconds and closes; reconnecting then answers 401. When you leave or ' +
    'are removed from the workspace, the stream closes within seconds; reconnecting then answers 404.',
  request: {
    query: z.object({
      workspace: z.string().optional().openapi({ description: 'The workspace whose runs to stream (default: your personal one)' }),
    }),
  },
  responses: {
    200: { description: 'The event stream', content: { 'text/event-stream': { schema: z.string() } } },
    404: errorJson('No such workspace among yours'),
    429: errorJson('Your account already holds 20 live update streams in this server process'),
    503: errorJson('Live updates are unavailable right now (no database connection)'),
  },
});

export const eventsRouter = createRouter().openapi(runEventsRoute, streamRunEvents);
