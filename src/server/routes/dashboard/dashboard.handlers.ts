import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../app-env';
import { getDashboard as getDashboardCore } from '../../core/dashboard/get-dashboard';
import { taskForCaller } from '../tasks/task-for-caller';
import type { getDashboardRoute } from './dashboard.routes';

export const getDashboard: RouteHandler<typeof getDashboardRoute, AppEnv> = async (c) => {
  const { db, runCounts } = c.var.deps;
  const { workspace, sessionUser } = c.var;
  const dashboard = await getDashboardCore({
    db,
    workspaceId: workspace.id,
    userId: sessionUser.id,
    totals: runCounts,
  });
  const forCaller = (tasks: typeof dashboard.activeTasks) => tasks.map((task) => taskForCaller(c, task));
  return c.json(
    {
      ...dashboard,
      activeTasks: forCaller(dashboard.activeTasks),
      awaitingApproval: { ...dashboard.awaitingApproval, tasks: forCaller(dashboard.awaitingApproval.tasks) },
    },
    200,
  );
};
