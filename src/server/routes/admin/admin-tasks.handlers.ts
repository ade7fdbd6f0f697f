import type { RouteHandler } from '@hono/zod-openapi';
import { stream } from 'hono/streaming';
import type { AppEnv } from '../../app-env';
import { deleteTaskAsAdmin } from '../../core/admin/tasks/delete-task-as-admin';
import { exportAdminTasks } from '../../core/admin/tasks/export-admin-tasks';
import { getAdminTask } from '../../core/admin/tasks/get-admin-task';
import { listAdminTasks } from '../../core/admin/tasks/list-admin-tasks';
import { pauseTaskAsAdmin } from '../../core/admin/tasks/pause-task-as-admin';
import { resumeTaskAsAdmin } from '../../core/admin/tasks/resume-task-as-admin';
import { runTaskAsAdmin } from '../../core/admin/tasks/run-task-as-admin';
import type {
  deleteAdminTaskRoute,
  exportAdminTasksRoute,
  getAdminTaskRoute,
  listAdminTasksRoute,
  pauseAdminTaskRoute,
  resumeAdminTaskRoute,
  runAdminTaskRoute,
} from './admin-tasks.routes';

export const listTasks: RouteHandler<typeof listAdminTasksRoute, AppEnv> = async (c) => {
  const { pool, db, adminListTotals } = c.var.deps;
  return c.json(await listAdminTasks({ pool, db, totals: adminListTotals, ...c.req.valid('query') }), 200);
};

export const exportTasks: RouteHandler<typeof exportAdminTasksRoute, AppEnv> = (c) => {
  const rows = exportAdminTasks({ db: c.var.deps.db, ...c.req.valid('query') });
  const day = new Date().toISOString().slice(0, 10);
  c.header('Content-Type', 'text/csv; charset=utf-8');
  c.header('Content-Disposition', `attachment; filename="promptcron-tasks-${day}.csv"`);
  return stream(c, async (out) => {
    // A client that goes away stops the reading: the generator is not asked for another batch.
    for await (const chunk of rows) {
      if (out.aborted) break;
      await out.write(chunk);
    }
  });
};

export const getTask: RouteHandler<typeof getAdminTaskRoute, AppEnv> = async (c) => {
  return c.json(await getAdminTask({ db: c.var.deps.db, taskId: c.req.valid('param').id }), 200);
};

export const runTask: RouteHandler<typeof runAdminTaskRoute, AppEnv> = async (c) => {
  const { db, userChanges, stopping } = c.var.deps;
  const run = await runTaskAsAdmin({
    db,
    actorId: c.var.sessionUser.id,
    taskId: c.req.valid('param').id,
    runChanges: userChanges,
    stopping: stopping.signal,
  });
  return c.json({ run }, 200);
};

export const pauseTask: RouteHandler<typeof pauseAdminTaskRoute, AppEnv> = async (c) => {
  const task = await pauseTaskAsAdmin({ db: c.var.deps.db, actorId: c.var.sessionUser.id, taskId: c.req.valid('param').id });
  return c.json({ task }, 200);
};

export const resumeTask: RouteHandler<typeof resumeAdminTaskRoute, AppEnv> = async (c) => {
  const task = await resumeTaskAsAdmin({ db: c.var.deps.db, actorId: c.var.sessionUser.id, taskId: c.req.valid('param').id });
  return c.json({ task }, 200);
};

export const deleteTask: RouteHandler<typeof deleteAdminTaskRoute, AppEnv> = async (c) => {
  await deleteTaskAsAdmin({ db: c.var.deps.db, actorId: c.var.sessionUser.id, taskId: c.req.valid('param').id });
  return c.body(null, 204);
};
