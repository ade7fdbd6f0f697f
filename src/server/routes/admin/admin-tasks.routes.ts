import { createRoute, type RouteConfig } from '@hono/zod-openapi';
import {
  adminTaskDetailSchema,
  adminTaskFilterSchema,
  adminTaskListQuerySchema,
  adminTaskPageSchema,
  adminTaskResponseSchema,
} from '#shared/admin/admin-task.schema';
import { runResponseSchema } from '#shared/runs/run.schema';
import { createRouter } from '../create-router';
import { csvFile, errorJson, idParam, json, noWorkspaceData, sessionOnly } from '../openapi';
import { deleteTask, exportTasks, getTask, listTasks, pauseTask, resumeTask, runTask } from './admin-tasks.handlers';

/*
 * Administration: all tasks (issue 17). The admin router's `/api/admin/*` guard (requireUser, requireAdmin) runs
 * before every route here; the responses below document it.
 */

const tags = ['Administration'];

/** A route on one task, `/api/admin/tasks/{id}…`: behind the guard, and 404 for an id that names no task. */
const onTask = <M extends 'get' | 'post' | 'delete', R extends RouteConfig['responses']>(
  operationId: string,
  method: M,
  suffix: string,
  summary: string,
  responses: R,
) =>
  createRoute({
    operationId,
    ...noWorkspaceData,
    security: sessionOnly,
    tags,
    method,
    path: `/api/admin/tasks/{id}${suffix}`,
    summary,
    request: { params: idParam },
    responses: { 404: errorJson('No such task'), ...responses },
  });

export const listAdminTasksRoute = createRoute({
  operationId: 'listAllTasks',
  ...noWorkspaceData,
  security: sessionOnly,
  tags,
  method: 'get',
  path: '/api/admin/tasks',
  summary: 'Every user’s tasks, newest first: search (name, status, provider, owner), filters, total and pages',
  request: { query: adminTaskListQuerySchema },
  responses: {
    200: json(adminTaskPageSchema, 'A page of tasks'),
    400: errorJson('A bad filter or cursor'),
  },
});

// Declared before `/api/admin/tasks/{id}`, which would otherwise take "export" for an id.
export const exportAdminTasksRoute = createRoute({
  operationId: 'exportAllTasks',
  ...noWorkspaceData,
  security: sessionOnly,
  tags,
  method: 'get',
  path: '/api/admin/tasks/export',
  summary: 'CSV of every task matching the filter (RFC 4180, UTF-8, header row), streamed',
  request: { query: adminTaskFilterSchema },
  responses: { 200: csvFile, 400: errorJson('A bad filter') },
});

export const getAdminTaskRoute = onTask('getAnyTask', 'get', '', 'Any user’s task with its owner and its 20 most recent runs', {
  200: json(adminTaskDetailSchema, 'The task and its runs'),
});

export const runAdminTaskRoute = onTask(
  'runAnyTaskNow',
  'post',
  '/runs',
  'Run Manually: Run Now on the owner’s behalf, counted to the owner’s plan',
  {
    200: json(runResponseSchema, 'The run: completed, error, or still processing after the wait or once the server begins to stop'),
    403: errorJson('Not an administrator, or beyond the owner’s monthly runs (`plan_limit`)'),
    409: errorJson('A run of this task is already processing'),
  },
);

export const pauseAdminTaskRoute = onTask('pauseAnyTask', 'post', '/pause', 'Pause any user’s task', {
  200: json(adminTaskResponseSchema, 'The paused task'),
});

export const resumeAdminTaskRoute = onTask('resumeAnyTask', 'post', '/resume', 'Resume any user’s task, within the owner’s plan limits', {
  200: json(adminTaskResponseSchema, 'The resumed task'),
  400: errorJson('The schedule is faster than the owner’s plan allows'),
  403: errorJson('Not an administrator, or the owner has no room for another active task (`plan_limit`)'),
  409: errorJson('The owner is suspended'),
});

export const deleteAdminTaskRoute = onTask('deleteAnyTask', 'delete', '', 'Delete any user’s task and its runs', {
  204: { description: 'Deleted' },
});

export const adminTasksRouter = createRouter()
  .openapi(listAdminTasksRoute, listTasks)
  .openapi(exportAdminTasksRoute, exportTasks)
  .openapi(getAdminTaskRoute, getTask)
  .openapi(runAdminTaskRoute, runTask)
  .openapi(pauseAdminTaskRoute, pauseTask)
  .openapi(resumeAdminTaskRoute, resumeTask)
  .openapi(deleteAdminTaskRoute, deleteTask);
