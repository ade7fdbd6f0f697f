import { createRoute, z } from '@hono/zod-openapi';
import { runActivitySchema } from '#shared/runs/run-activity.schema';
import { runResponseSchema, taskRunPageSchema } from '#shared/runs/run.schema';
import { taskInputSchema, taskPageSchema, taskResponseSchema } from '#shared/tasks/task.schema';
import { testDeliveryInputSchema, testDeliveryResultSchema } from '#shared/tasks/test-delivery.schema';
import { requireUserOrKey } from '../auth/api-key-middleware';
import { createRouter } from '../create-router';
import { errorResponseSchema } from '../errors';
import { json, keyAccess } from '../openapi';
import {
  createTask,
  deleteTask,
  getTask,
  getTaskActivity,
  listTasks,
  pauseTask,
  resumeTask,
  rotateWebhookSecret,
  runTaskNow,
  listTaskRuns,
  sendTestDelivery,
  updateTask,
} from './tasks.handlers';
import { runListQuerySchema, taskIdParamSchema, taskListQuerySchema } from './tasks.schemas';

const errors = {
  401: json(errorResponseSchema, 'Not signed in'),
  404: json(errorResponseSchema, 'No such task among yours'),
};
const invalid = {
  400: json(errorResponseSchema, 'A field breaks a rule (fields keyed by path)'),
  422: json(errorResponseSchema, 'The provider has no API key on the server'),
};
const planLimit = { 403: json(errorResponseSchema, 'Beyond your plan’s limits (`plan_limit`): active tasks, or runs this month') };
const body = { body: { required: true, content: { 'application/json': { schema: taskInputSchema } } } } as const;

export const listTasksRoute = createRoute({
  tags: ['Tasks'],
  middleware: [requireUserOrKey] as const,
  security: keyAccess('read'),
  method: 'get',
  path: '/api/tasks',
  summary: 'Your tasks, newest first, with search, status filter and pagination',
  request: { query: taskListQuerySchema },
  responses: { 200: json(taskPageSchema, 'A page of tasks'), 401: errors[401] },
});

export const createTaskRoute = createRoute({
  tags: ['Tasks'],
  middleware: [requireUserOrKey] as const,
  security: keyAccess('write'),
  method: 'post',
  path: '/api/tasks',
  summary: 'Create a task',
  description:
    'With an `Idempotency-Key` header, a retry with the same key and body within 24 hours answers the first create again (the same task, 201) instead of creating another; the same key with another body answers 422 `idempotency_key_reused`.',
  request: {
    ...body,
    headers: z.object({
      'idempotency-key': z.string().optional().openapi({
        description: 'Any unique string (a UUID), 1 to 255 printable ASCII characters',
        example: '2b1c7c4e-6a0e-4f3e-9a53-8f1c2f1d2c3b',
      }),
    }),
  },
  responses: {
    201: json(taskResponseSchema, 'The new task, or the first answer to this Idempotency-Key'),
    ...invalid,
    401: errors[401],
    ...planLimit,
    422: json(
      errorResponseSchema,
      'The provider has no API key on the server (`provider_unavailable`), or the Idempotency-Key was used with another body (`idempotency_key_reused`)',
    ),
  },
});

export const getTaskRoute = createRoute({
  tags: ['Tasks'],
  middleware: [requireUserOrKey] as const,
  security: keyAccess('read'),
  method: 'get',
  path: '/api/tasks/{id}',
  summary: 'One of your tasks',
  request: { params: taskIdParamSchema },
  responses: { 200: json(taskResponseSchema, 'The task'), ...errors },
});

export const updateTaskRoute = createRoute({
  tags: ['Tasks'],
  middleware: [requireUserOrKey] as const,
  security: keyAccess('write'),
  method: 'put',
  path: '/api/tasks/{id}',
  summary: 'Replace a task’s input',
  request: { params: taskIdParamSchema, ...body },
  responses: { 200: json(taskResponseSchema, 'The updated task'), ...invalid, ...errors },
});

export const deleteTaskRoute = createRoute({
  tags: ['Tasks'],
  middleware: [requireUserOrKey] as const,
  security: keyAccess('write'),
  method: 'delete',
  path: '/api/tasks/{id}',
  summary: 'Delete a task and its history',
  request: { params: taskIdParamSchema },
  responses: { 204: { description: 'Deleted' }, ...errors },
});

const action = (path: string, summary: string, refusals = {}) =>
  createRoute({
    tags: ['Tasks'],
    middleware: [requireUserOrKey] as const,
    security: keyAccess('write'),
    method: 'post',
    path: `/api/tasks/{id}/${path}`,
    summary,
    request: { params: taskIdParamSchema },
    responses: { 200: json(taskResponseSchema, 'The task'), ...errors, ...refusals },
  });

export const pauseTaskRoute = action('pause', 'Pause: no further runs until resumed');
export const resumeTaskRoute = action('resume', 'Resume a paused or failed task from its next slot', { ...planLimit, 400: invalid[400] });
export const rotateWebhookSecretRoute = action('webhook-secret', 'Replace the webhook signing secret');

export const runTaskNowRoute = createRoute({
  tags: ['Tasks'],
  middleware: [requireUserOrKey] as const,
  security: keyAccess('write'),
  method: 'post',
  path: '/api/tasks/{id}/runs',
  summary: 'Run Now: start a run and wait up to about 20 s for its outcome',
  request: { params: taskIdParamSchema },
  responses: {
    200: json(runResponseSchema, 'The run: completed, error, or still processing after the wait'),
    ...errors,
    ...planLimit,
    409: json(errorResponseSchema, 'A run of this task is already processing'),
  },
});

export const listTaskRunsRoute = createRoute({
  tags: ['Tasks'],
  middleware: [requireUserOrKey] as const,
  security: keyAccess('read'),
  method: 'get',
  path: '/api/tasks/{id}/runs',
  summary: 'The runs of a task, newest first, with their webhook delivery attempts',
  request: { params: taskIdParamSchema, query: runListQuerySchema },
  responses: { 200: json(taskRunPageSchema, 'A page of runs'), ...errors },
});

export const getTaskActivityRoute = createRoute({
  tags: ['Tasks'],
  middleware: [requireUserOrKey] as const,
  security: keyAccess('read'),
  method: 'get',
  path: '/api/tasks/{id}/activity',
  summary: "The task's completed and failed runs per day over the last 30 days, in the user's zone",
  request: { params: taskIdParamSchema },
  responses: { 200: json(runActivitySchema, 'The 30 days, oldest first'), ...errors },
});

export const sendTestDeliveryRoute = createRoute({
  tags: ['Tasks'],
  middleware: [requireUserOrKey] as const,
  security: keyAccess('write'),
  method: 'post',
  path: '/api/tasks/test-delivery',
  summary: 'Send test message: one sample delivery by a task’s delivery fields, saved or not (10 a minute)',
  description:
    'Sends a sample result now by e-mail (to your own address only), webhook (unsigned, `type: "task.test"`), Slack or Discord, and answers what the receiver did. Nothing is retried or recorded.',
  request: { body: { required: true, content: { 'application/json': { schema: testDeliveryInputSchema } } } },
  responses: {
    200: json(testDeliveryResultSchema, 'What the one attempt did: `ok`, the receiver’s HTTP status, the error in words'),
    400: invalid[400],
    401: errors[401],
    429: json(errorResponseSchema, 'More than 10 test messages in a minute (`rate_limited`, with `Retry-After`)'),
  },
});

export const tasksRouter = createRouter()
  .openapi(sendTestDeliveryRoute, sendTestDelivery)
  .openapi(listTasksRoute, listTasks)
  .openapi(createTaskRoute, createTask)
  .openapi(getTaskRoute, getTask)
  .openapi(updateTaskRoute, updateTask)
  .openapi(deleteTaskRoute, deleteTask)
  .openapi(pauseTaskRoute, pauseTask)
  .openapi(resumeTaskRoute, resumeTask)
  .openapi(rotateWebhookSecretRoute, rotateWebhookSecret)
  .openapi(runTaskNowRoute, runTaskNow)
  .openapi(listTaskRunsRoute, listTaskRuns)
  .openapi(getTaskActivityRoute, getTaskActivity);
