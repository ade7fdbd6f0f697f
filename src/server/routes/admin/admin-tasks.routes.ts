import { createRoute, z } from '@hono/zod-openapi';
import {
  adminTaskDetailSchema,
  adminTaskFilterSchema,
  adminTaskListQuerySchema,
  adminTaskPageSchema,
  adminTaskResponseSchema,
} from '#shared/admin/admin-task.schema';
import { runResponseSchema } from '#shared/runs/run.schema';
import { createRouter } from '../create-router';
import { errorResponseSchema } from '../errors';
import { json } from '../openapi';
import { deleteTask, exportTasks, getTask, listTasks, pauseTask, resumeTask, runTask } from './admin-tasks.handlers';

/*
 * Administration: all tasks (issue 17). The admin router's `/api/admin/*` guard (requireUser, requireAdmin) runs
 * before every route here; the responses below document it.
 */

const guarded = {
  401: json(errorResponseSchema, 'Not signed in'),
  403: json(errorResponseSchema, 'Not an administrator'),
};
const missing = { 404: json(errorResponseSchema, 'No such task') };
const idParam = z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' } }) });
const tags = ['Administration'];

export const listAdminTasksRoute = createRoute({
  tags,
  method: 'get',
  path: '/api/admin/tasks',
  summary: 'Every user’s tasks, newest first: search (name, status, provider, owner), filters, total and pages',
  request: { query: adminTaskListQuerySchema },
  responses: { 200: json(adminTaskPageSchema, 'A page of tasks'), 400: json(errorResponseSchema, 'A bad filter or cursor'), ...guarded },
});

// Declared before `/api/admin/tasks/{id}`, which would otherwise take "export" for an id.
export const exportAdminTasksRoute = createRoute({
  tags,
  method: 'get',
  path: '/api/admin/tasks/export',
  summary: 'CSV of every task matching the filter (RFC 4180, UTF-8, header row), streamed',
  request: { query: adminTaskFilterSchema },
  responses: {
    200: { description: 'The CSV file', content: { 'text/csv': { schema: z.string() } } },
    400: json(errorResponseSchema, 'A bad filter'),
    ...guarded,
  },
});

export const getAdminTaskRoute = createRoute({
  tags,
  method: 'get',
  path: '/api/admin/tasks/{id}',
  summary: 'Any user’s task with its owner and its 20 most recent runs',
  request: { params: idParam },
  responses: { 200: json(adminTaskDetailSchema, 'The task and its runs'), ...guarded, ...missing },
});

export const runAdminTaskRoute = createRoute({
  tags,
  method: 'post',
  path: '/api/admin/tasks/{id}/runs',
  summary: 'Run Manually: Run Now on the owner’s behalf, counted to the owner’s plan',
  request: { params: idParam },
  responses: {
    200: json(runResponseSchema, 'The run: completed, error, or still processing after the wait'),
    401: guarded[401],
    403: json(errorResponseSchema, 'Not an administrator, or beyond the owner’s monthly runs (`plan_limit`)'),
    ...missing,
    409: json(errorResponseSchema, 'A run of this task is already processing'),
  },
});

export const pauseAdminTaskRoute = createRoute({
  tags,
  method: 'post',
  path: '/api/admin/tasks/{id}/pause',
  summary: 'Pause any user’s task',
  request: { params: idParam },
  responses: { 200: json(adminTaskResponseSchema, 'The paused task'), ...guarded, ...missing },
});

export const resumeAdminTaskRoute = createRoute({
  tags,
  method: 'post',
  path: '/api/admin/tasks/{id}/resume',
  summary: 'Resume any user’s task, within the owner’s plan limits',
  request: { params: idParam },
  responses: {
    200: json(adminTaskResponseSchema, 'The resumed task'),
    400: json(errorResponseSchema, 'The schedule is faster than the owner’s plan allows'),
    401: guarded[401],
    403: json(errorResponseSchema, 'Not an administrator, or the owner has no room for another active task (`plan_limit`)'),
    ...missing,
    409: json(errorResponseSchema, 'The owner is suspended'),
  },
});

export const deleteAdminTaskRoute = createRoute({
  tags,
  method: 'delete',
  path: '/api/admin/tasks/{id}',
  summary: 'Delete any user’s task and its runs',
  request: { params: idParam },
  responses: { 204: { description: 'Deleted' }, ...guarded, ...missing },
});

export const adminTasksRouter = createRouter()
  .openapi(listAdminTasksRoute, listTasks)
  .openapi(exportAdminTasksRoute, exportTasks)
  .openapi(getAdminTaskRoute, getTask)
  .openapi(runAdminTaskRoute, runTask)
  .openapi(pauseAdminTaskRoute, pauseTask)
  .openapi(resumeAdminTaskRoute, resumeTask)
  .openapi(deleteAdminTaskRoute, deleteTask);
