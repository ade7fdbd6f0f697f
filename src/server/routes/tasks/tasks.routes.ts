import { createRoute, z, type RouteConfig } from '@hono/zod-openapi';
import { runActivitySchema } from '#shared/runs/run-activity.schema';
import { runResponseSchema, taskRunPageSchema } from '#shared/runs/run.schema';
import { backfillInputSchema, backfillResultSchema } from '#shared/tasks/backfill.schema';
import { taskInputSchema, taskPageSchema, taskResponseSchema } from '#shared/tasks/task.schema';
import { upcomingCountSchema, upcomingRunsSchema } from '#shared/tasks/schedule-preview.schema';
import { taskReliabilitySchema } from '#shared/tasks/task-reliability.schema';
import { testDeliveryInputSchema, testDeliveryResultSchema } from '#shared/tasks/test-delivery.schema';
import { createRouter } from '../create-router';
import { errorJson, idParam, json, jsonBody, userOrKey } from '../openapi';
import {
  createTask,
  deleteTask,
  getTask,
  getTaskActivity,
  getTaskReliability,
  listTasks,
  listUpcomingRuns,
  pauseTask,
  resumeTask,
  approveTask,
  rotateWebhookSecret,
  runTaskNow,
  backfillTask,
  listTaskRuns,
  sendTestDelivery,
  updateTask,
  patchTask,
} from './tasks.handlers';
import { runListQuerySchema, taskListQuerySchema, taskPatchSchema } from './tasks.schemas';

const tags = ['Tasks'];
const theTask = json(taskResponseSchema, 'The task');
const invalid = {
  400: errorJson('A field breaks a rule (fields keyed by path)'),
  422: errorJson('The provider has no API key on the server'),
};
const keyTaken = { 409: errorJson('Another of your tasks has this `key` (`task_key_taken`)') };
const planLimit = {
  403: errorJson('Beyond your plan’s limits (`plan_limit`): active tasks, or runs this month'),
};

/**
 * A route on one of your tasks, `/api/tasks/{id}…`: 401 without a session or key, 404 for a task of someone else's.
 * `request` adds to the `{id}` parameter (a body, a query).
 */
const onTask = <
  M extends 'get' | 'post' | 'put' | 'patch' | 'delete',
  R extends RouteConfig['responses'],
  Q extends Omit<NonNullable<RouteConfig['request']>, 'params'> = object,
>(
  operationId: string,
  method: M,
  suffix: string,
  summary: string,
  responses: R,
  request: Q = {} as Q,
) =>
  createRoute({
    operationId,
    tags,
    ...userOrKey(method),
    path: `/api/tasks/{id}${suffix}`,
    summary,
    request: { params: idParam, ...request },
    responses: { 404: errorJson('No such task among yours'), ...responses },
  });

export const listTasksRoute = createRoute({
  operationId: 'listTasks',
  tags,
  ...userOrKey('get'),
  path: '/api/tasks',
  summary: 'Your tasks, newest first, with search, status filter and pagination',
  request: { query: taskListQuerySchema },
  responses: { 200: json(taskPageSchema, 'A page of tasks') },
});

export const createTaskRoute = createRoute({
  operationId: 'createTask',
  tags,
  ...userOrKey('post'),
  path: '/api/tasks',
  summary: 'Create a task',
  description:
    'With an `Idempotency-Key` header, a retry with the same key and body within 24 hours answers the first answer again (201 and the same body, the task as it was created) instead of creating another; the same key with another body answers 422 `idempotency_key_reused`. Keys are per account: another account may use the same key. A retry sent while the first is still being created waits for it.',
  request: {
    body: jsonBody(taskInputSchema),
    headers: z.object({
      'idempotency-key': z.string().optional().openapi({
        description:
          'Any unique string (a UUID), 1 to 255 printable ASCII characters (0x20–0x7E, spaces included), bare or as a Structured Fields string in double quotes (`"…"`, the IETF draft’s form); both forms name the same key',
        example: '2b1c7c4e-6a0e-4f3e-9a53-8f1c2f1d2c3b',
      }),
    }),
  },
  responses: {
    201: json(taskResponseSchema, 'The new task, or the first answer to this Idempotency-Key'),
    ...invalid,
    ...keyTaken,
    ...planLimit,
    422: errorJson(
      'The provider has no API key on the server (`provider_unavailable`), or the Idempotency-Key was used with another body (`idempotency_key_reused`)',
    ),
  },
});

export const getTaskRoute = onTask('getTask', 'get', '', 'One of your tasks', { 200: theTask });

export const updateTaskRoute = onTask(
  'replaceTask',
  'put',
  '',
  'Replace a task’s input',
  { 200: json(taskResponseSchema, 'The updated task'), ...invalid, ...keyTaken },
  { body: jsonBody(taskInputSchema) },
);

/** PATCH takes a merge patch under its own media type and, as most clients send it, as plain JSON (ADR 0113). */
const mergePatchBody = {
  required: true,
  content: { 'application/merge-patch+json': { schema: taskPatchSchema }, 'application/json': { schema: taskPatchSchema } },
};

export const patchTaskRoute = createRoute({
  ...onTask(
    'updateTask',
    'patch',
    '',
    'Change some of a task’s input (JSON Merge Patch)',
    {
      200: json(taskResponseSchema, 'The updated task'),
      ...invalid,
      400: errorJson('A field of the patch, or of the task it makes, breaks a rule (fields keyed by path), as PUT answers it'),
      ...keyTaken,
      415: errorJson('A body that is not JSON (`application/merge-patch+json` or `application/json`)'),
    },
    { body: mergePatchBody },
  ),
  description:
    'Merges the body into the task’s input (RFC 7396: the fields named change, null removes one, objects merge key by key) and saves the result as `PUT` would, with the same rules and answers; fields not named keep their values.',
});

export const deleteTaskRoute = onTask('deleteTask', 'delete', '', 'Delete a task and its history', {
  204: { description: 'Deleted' },
});

export const pauseTaskRoute = onTask('pauseTask', 'post', '/pause', 'Pause: no further runs until resumed', { 200: theTask });
export const resumeTaskRoute = onTask('resumeTask', 'post', '/resume', 'Resume a paused or failed task from its next slot', {
  200: theTask,
  400: invalid[400],
  ...planLimit,
});
export const approveTaskRoute = onTask(
  'approveTask',
  'post',
  '/approve',
  'Approve a task an API key made (ADR 0125): it becomes active from its next slot. The owner’s session only: a key answers 403',
  {
    200: theTask,
    400: invalid[400],
    ...planLimit,
    403: errorJson('Beyond your plan’s limits, or called with an API key'),
    409: errorJson('The task is not waiting for approval'),
  },
);
export const rotateWebhookSecretRoute = onTask('rotateWebhookSecret', 'post', '/webhook-secret', 'Replace the webhook signing secret', {
  200: theTask,
});

export const runTaskNowRoute = onTask('runTaskNow', 'post', '/runs', 'Run Now: start a run and wait up to about 20 s for its outcome', {
  200: json(runResponseSchema, 'The run: completed, error, or still processing after the wait or once the server begins to stop'),
  ...planLimit,
  409: errorJson('A run of this task is already processing'),
});

export const backfillTaskRoute = createRoute({
  ...onTask(
    'backfillTask',
    'post',
    '/backfill',
    'Backfill: run a past range’s slots that have no run yet, oldest first, one at a time',
    {
      202: json(backfillResultSchema, 'The slots that will run and those left alone; the runs follow one after another'),
      403: errorJson(
        'Fewer runs left this month than the slots need (`plan_limit`, the message says how many remain), or the monthly budget is reached (`budget_reached`)',
      ),
      409: errorJson('A run of the task is processing, a backfill of it is under way, or the task is not active'),
    },
    { body: jsonBody(backfillInputSchema) },
  ),
  description:
    'The task’s slots from `from` to `to` (both included; at most 366 days and 100 slots, `to` not after now) that have no run yet each get a run with trigger `backfill`, its `scheduledFor` the slot and its prompt variables read at the slot. They start oldest first, each when the previous has ended; the schedule’s own slots go first and are not skipped meanwhile. Each counts toward the month’s runs and the budgets when it starts. Backfill runs are left out of lateness and punctuality figures.',
});

export const listTaskRunsRoute = onTask(
  'listTaskRuns',
  'get',
  '/runs',
  'The runs of a task, newest first, with their webhook delivery attempts',
  { 200: json(taskRunPageSchema, 'A page of runs') },
  { query: runListQuerySchema },
);

export const getTaskActivityRoute = onTask(
  'getTaskActivity',
  'get',
  '/activity',
  "The task's completed and failed runs per day over the last 30 days, in the user's zone",
  { 200: json(runActivitySchema, 'The 30 days, oldest first') },
);

export const getTaskReliabilityRoute = onTask(
  'getTaskReliability',
  'get',
  '/reliability',
  "How the task's scheduled slots of the last 30 days went: on time, late, missed, duplicates, and its deliveries",
  { 200: json(taskReliabilitySchema, 'The figures of the last 30 days, up to now') },
);

export const listUpcomingRunsRoute = onTask(
  'listUpcomingRuns',
  'get',
  '/upcoming',
  'The next runs of the task’s schedule, with their daylight-saving notes; none while it is paused',
  { 200: json(upcomingRunsSchema, 'The runs, oldest first: the instant in UTC, the wall time in the schedule’s zone, and a note') },
  { query: z.object({ count: upcomingCountSchema.optional().meta({ description: 'How many, 1–50 (default 10)' }) }) },
);

export const sendTestDeliveryRoute = createRoute({
  operationId: 'sendTestDelivery',
  tags,
  ...userOrKey('post'),
  path: '/api/tasks/test-delivery',
  summary: 'Send test message: one sample delivery by a task’s delivery fields, saved or not (10 a minute)',
  description:
    'Sends a sample result now by e-mail (to your own address only), webhook (unsigned, `type: "task.test"`), Slack or Discord, and answers what the receiver did. Nothing is retried or recorded.',
  request: { body: jsonBody(testDeliveryInputSchema) },
  responses: {
    200: json(testDeliveryResultSchema, 'What the one attempt did: `ok`, the receiver’s HTTP status, the error in words'),
    400: invalid[400],

    429: errorJson('More than 10 test messages in a minute (`rate_limited`, with `Retry-After`)'),
  },
});

export const tasksRouter = createRouter()
  .openapi(sendTestDeliveryRoute, sendTestDelivery)
  .openapi(listTasksRoute, listTasks)
  .openapi(createTaskRoute, createTask)
  .openapi(getTaskRoute, getTask)
  .openapi(updateTaskRoute, updateTask)
  .openapi(patchTaskRoute, patchTask)
  .openapi(deleteTaskRoute, deleteTask)
  .openapi(pauseTaskRoute, pauseTask)
  .openapi(resumeTaskRoute, resumeTask)
  .openapi(approveTaskRoute, approveTask)
  .openapi(rotateWebhookSecretRoute, rotateWebhookSecret)
  .openapi(runTaskNowRoute, runTaskNow)
  .openapi(backfillTaskRoute, backfillTask)
  .openapi(listTaskRunsRoute, listTaskRuns)
  .openapi(getTaskActivityRoute, getTaskActivity)
  .openapi(getTaskReliabilityRoute, getTaskReliability)
  .openapi(listUpcomingRunsRoute, listUpcomingRuns);
