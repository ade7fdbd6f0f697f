import { createRoute, type RouteHandler } from '@hono/zod-openapi';
import { schedulePreviewInputSchema, scheduleOfPreview, upcomingRunsOf, upcomingRunsSchema } from '#shared/tasks/schedule-preview.schema';
import type { AppEnv } from '../../app-env';
import { requireUserOrReadKey } from '../auth/api-key-middleware';
import { createRouter } from '../create-router';
import { errorJson, json, jsonBody, keyAccess, noWorkspaceData } from '../openapi';

export const previewScheduleRoute = createRoute({
  operationId: 'previewSchedule',
  ...noWorkspaceData,
  tags: ['Tasks'],
  method: 'post',
  middleware: [requireUserOrReadKey] as [typeof requireUserOrReadKey],
  // It changes nothing: a read key may ask too.
  security: keyAccess('read'),
  path: '/api/schedules/preview',
  summary: 'The next runs a schedule would make, with their daylight-saving notes, before saving it',
  description:
    'Takes a task input’s schedule fields (checked with the same rules and messages as `POST /api/tasks`), `from` (default now, at most 5 years ahead) and `count` (1–50, default 10). Nothing is saved.',
  request: { body: jsonBody(schedulePreviewInputSchema) },
  responses: {
    200: json(upcomingRunsSchema, 'The runs, oldest first: the instant in UTC, the wall time in the schedule’s zone, and a note'),
    400: errorJson('A field breaks a rule (fields keyed by path)'),
  },
});

const previewSchedule: RouteHandler<typeof previewScheduleRoute, AppEnv> = (c) => {
  const input = c.req.valid('json');
  const from = input.from ? new Date(input.from) : new Date();
  return c.json(upcomingRunsOf(scheduleOfPreview(input), { from, count: input.count }), 200);
};

export const schedulesRouter = createRouter().openapi(previewScheduleRoute, previewSchedule);
