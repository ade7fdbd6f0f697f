import type { RouteHandler } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../../app-env';
import { listTaskRuns as listTaskRunsCore } from '../../core/runs/list-task-runs';
import { runActivity } from '../../core/runs/run-activity';
import { taskReliability } from '../../core/reliability/task-reliability';
import { runTaskNow as runTaskNowCore } from '../../core/runs/run-task-now';
import { backfillTask as backfillTaskCore } from '../../core/runs/backfill-task';
import { hitRateLimit } from '../../core/security/rate-limit';
import { createTask as createTaskCore } from '../../core/tasks/create-task';
import { createTaskOnce } from '../../core/tasks/create-task-once';
import { sendTestDelivery as sendTestDeliveryCore } from '../../core/tasks/send-test-delivery';
import { deleteTask as deleteTaskCore } from '../../core/tasks/delete-task';
import { getTask as getTaskCore } from '../../core/tasks/get-task';
import { listTasks as listTasksCore } from '../../core/tasks/list-tasks';
import { pauseTask as pauseTaskCore } from '../../core/tasks/pause-task';
import { resumeTask as resumeTaskCore } from '../../core/tasks/resume-task';
import { paymentsAvailable } from '../../core/billing/get-subscription';
import { rotateWebhookSecret as rotateWebhookSecretCore } from '../../core/tasks/rotate-webhook-secret';
import { updateTask as updateTaskCore } from '../../core/tasks/update-task';
import { upcomingCountRange, upcomingRunsOf } from '#shared/tasks/schedule-preview.schema';
import { mergeTaskPatch } from '../../core/tasks/merge-task-patch';
import type {
  createTaskRoute,
  deleteTaskRoute,
  getTaskRoute,
  listTasksRoute,
  pauseTaskRoute,
  resumeTaskRoute,
  approveTaskRoute,
  rotateWebhookSecretRoute,
  runTaskNowRoute,
  backfillTaskRoute,
  sendTestDeliveryRoute,
  listTaskRunsRoute,
  getTaskActivityRoute,
  getTaskReliabilityRoute,
  listUpcomingRunsRoute,
  updateTaskRoute,
  patchTaskRoute,
} from './tasks.routes';
import { errorBody } from '../errors';
import { idempotencyKeyMessage, idempotencyKeyOf } from './idempotency-key';
import { taskForCaller } from './task-for-caller';
import { testDeliveryPerMinute } from '#shared/tasks/test-delivery.schema';
import type { Task } from '#shared/tasks/task.schema';

/** The acting workspace and the member acting in it, as the core functions that change a task take them. */
function actingOn(c: Context<AppEnv>): { workspaceId: string; userId: string } {
  return { workspaceId: c.var.workspace.id, userId: c.var.sessionUser.id };
}

export const listTasks: RouteHandler<typeof listTasksRoute, AppEnv> = async (c) => {
  const page = await listTasksCore({ db: c.var.deps.db, workspaceId: c.var.workspace.id, ...c.req.valid('query') });
  return c.json({ ...page, items: page.items.map((task) => taskForCaller(c, task)) }, 200);
};

export const createTask: RouteHandler<typeof createTaskRoute, AppEnv> = async (c) => {
  const { db, env } = c.var.deps;
  const key = c.var.apiKey;
  // Where the task comes from (ADR 0124); only tasks an agent makes through MCP wait for their owner (ADR 0125).
  const origin = key ? { via: 'api' as const, keyName: key.name } : { via: 'app' as const };
  const request = { db, env, workspaceId: c.var.workspace.id, userId: c.var.sessionUser.id, input: c.req.valid('json'), origin };
  const header = c.req.header('idempotency-key');
  if (header === undefined) return c.json({ task: await createTaskCore(request) }, 201);
  const idempotencyKey = idempotencyKeyOf(header);
  if (idempotencyKey === undefined) {
    return c.json(errorBody('validation_failed', idempotencyKeyMessage, { 'Idempotency-Key': idempotencyKeyMessage }), 400);
  }
  return c.json({ task: await createTaskOnce({ ...request, idempotencyKey }) }, 201);
};

export const getTask: RouteHandler<typeof getTaskRoute, AppEnv> = async (c) => {
  const task = await getTaskCore({ db: c.var.deps.db, workspaceId: c.var.workspace.id, taskId: c.req.valid('param').id });
  return c.json({ task: taskForCaller(c, task) }, 200);
};

export const updateTask: RouteHandler<typeof updateTaskRoute, AppEnv> = async (c) => {
  const { db, env } = c.var.deps;
  const task = await updateTaskCore({ db, env, ...actingOn(c), taskId: c.req.valid('param').id, input: c.req.valid('json') });
  return c.json({ task }, 200);
};

/**
 * The patch is merged into the task as it is once locked, and the result must pass PUT's schema whole, answered as
 * PUT answers it (ADR 0113). The raw body is merged, not the checked one, whose defaults would fill in fields the
 * patch never named.
 */
export const patchTask: RouteHandler<typeof patchTaskRoute, AppEnv> = async (c) => {
  const { db, env } = c.var.deps;
  // Without a body (and so without a Content-Type) the validator checked an empty patch; that is the patch.
  const patch: unknown = c.req.header('content-type') === undefined ? {} : await c.req.json();
  const input = (current: Task) => mergeTaskPatch(current, patch);
  const task = await updateTaskCore({ db, env, ...actingOn(c), taskId: c.req.valid('param').id, input });
  return c.json({ task }, 200);
};

export const deleteTask: RouteHandler<typeof deleteTaskRoute, AppEnv> = async (c) => {
  const { workspace, sessionUser } = c.var;
  await deleteTaskCore({
    db: c.var.deps.db,
    workspaceId: workspace.id,
    taskId: c.req.valid('param').id,
    actor: { userId: sessionUser.id, role: workspace.role },
  });
  return c.body(null, 204);
};

export const pauseTask: RouteHandler<typeof pauseTaskRoute, AppEnv> = async (c) => {
  const task = await pauseTaskCore({ db: c.var.deps.db, ...actingOn(c), taskId: c.req.valid('param').id });
  return c.json({ task }, 200);
};

export const resumeTask: RouteHandler<typeof resumeTaskRoute, AppEnv> = async (c) => {
  const { db, env } = c.var.deps;
  const task = await resumeTaskCore({
    db,
    ...actingOn(c),
    taskId: c.req.valid('param').id,
    upgradable: paymentsAvailable(env),
  });
  return c.json({ task }, 200);
};

/**
 * The owner's one press (ADR 0125). Only a session approves: the key that made the task, or any other, would let an
 * agent approve its own work.
 */
export const approveTask: RouteHandler<typeof approveTaskRoute, AppEnv> = async (c) => {
  if (c.var.apiKeyScope !== undefined) {
    return c.json(errorBody('forbidden', 'Only you can approve a task, signed in to Promptcron. An API key cannot.'), 403);
  }
  const { db, env } = c.var.deps;
  const task = await resumeTaskCore({
    db,
    ...actingOn(c),
    taskId: c.req.valid('param').id,
    upgradable: paymentsAvailable(env),
    approving: true,
  });
  return c.json({ task }, 200);
};

export const rotateWebhookSecret: RouteHandler<typeof rotateWebhookSecretRoute, AppEnv> = async (c) => {
  const task = await rotateWebhookSecretCore({ db: c.var.deps.db, ...actingOn(c), taskId: c.req.valid('param').id });
  return c.json({ task }, 200);
};

export const runTaskNow: RouteHandler<typeof runTaskNowRoute, AppEnv> = async (c) => {
  const { db, userChanges, stopping } = c.var.deps;
  const run = await runTaskNowCore({
    db,
    workspaceId: c.var.workspace.id,
    taskId: c.req.valid('param').id,
    runChanges: userChanges,
    stopping: stopping.signal,
  });
  return c.json({ run }, 200);
};

export const backfillTask: RouteHandler<typeof backfillTaskRoute, AppEnv> = async (c) => {
  const { from, to } = c.req.valid('json');
  const result = await backfillTaskCore({
    db: c.var.deps.db,
    workspaceId: c.var.workspace.id,
    taskId: c.req.valid('param').id,
    from: new Date(from),
    to: new Date(to),
  });
  return c.json(result, 202);
};

export const listTaskRuns: RouteHandler<typeof listTaskRunsRoute, AppEnv> = async (c) => {
  const page = await listTaskRunsCore({
    db: c.var.deps.db,
    workspaceId: c.var.workspace.id,
    taskId: c.req.valid('param').id,
    ...c.req.valid('query'),
  });
  return c.json(page, 200);
};

export const getTaskActivity: RouteHandler<typeof getTaskActivityRoute, AppEnv> = async (c) => {
  const { db, runCounts } = c.var.deps;
  const { workspace, sessionUser } = c.var;
  return c.json(
    await runActivity({ db, totals: runCounts, workspaceId: workspace.id, userId: sessionUser.id, taskId: c.req.valid('param').id }),
    200,
  );
};

export const listUpcomingRuns: RouteHandler<typeof listUpcomingRunsRoute, AppEnv> = async (c) => {
  const task = await getTaskCore({ db: c.var.deps.db, workspaceId: c.var.workspace.id, taskId: c.req.valid('param').id });
  const count = c.req.valid('query').count ?? upcomingCountRange.default;
  if (task.status !== 'active') return c.json({ items: [] }, 200);
  return c.json(upcomingRunsOf(task, { from: new Date(), count }), 200);
};

export const getTaskReliability: RouteHandler<typeof getTaskReliabilityRoute, AppEnv> = async (c) => {
  return c.json(await taskReliability({ db: c.var.deps.db, workspaceId: c.var.workspace.id, taskId: c.req.valid('param').id }), 200);
};

export const sendTestDelivery: RouteHandler<typeof sendTestDeliveryRoute, AppEnv> = async (c) => {
  const { db, env, mailer } = c.var.deps;
  const user = c.var.sessionUser;
  // A test posts to a third party at once: counted per user, before anything is sent.
  const verdict = await hitRateLimit({
    db,
    key: `test-delivery:user:${user.id}`,
    rule: { limit: testDeliveryPerMinute, windowSeconds: 60 },
  });
  if (!verdict.allowed) {
    c.header('Retry-After', String(verdict.retryAfterSeconds));
    return c.json(
      errorBody(
        'rate_limited',
        `You can send ${testDeliveryPerMinute} test messages a minute. Please wait ${verdict.retryAfterSeconds} s and try again.`,
      ),
      429,
    );
  }
  const result = await sendTestDeliveryCore({ env, mailer, owner: { email: user.email }, input: c.req.valid('json') });
  return c.json(result, 200);
};
