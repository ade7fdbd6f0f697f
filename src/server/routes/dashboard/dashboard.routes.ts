import { createRoute, z } from '@hono/zod-openapi';
import { requireUser } from '../auth/session-middleware';
import { createRouter } from '../create-router';
import { errorResponseSchema } from '../errors';
import { runSchema, taskSchema } from '../tasks/tasks.schemas';
import { getDashboard } from './dashboard.handlers';

export const dashboardSchema = z
  .object({
    stats: z.object({
      activeTasks: z.number().int(),
      runsCompleted: z.number().int(),
      successRate: z.number().min(0).max(100).nullable().openapi({ description: 'completed / (completed + error) × 100, one decimal; null before any run finished' }),
      runsThisMonth: z.number().int().openapi({ description: 'Runs started this calendar month (UTC), skipped slots excluded' }),
    }),
    activeTasks: z.array(taskSchema).openapi({ description: 'Up to 5 active tasks, the next to fire first' }),
    recentRuns: z.array(runSchema).openapi({ description: 'The 5 latest runs' }),
    quota: z.object({
      monthlyRunLimit: z.number().int().nullable().openapi({ description: 'Null: unlimited' }),
      runsThisMonth: z.number().int(),
      periodStart: z.string().openapi({ description: 'First instant of the month (UTC)' }),
      periodEnd: z.string().openapi({ description: 'First instant of the next month (UTC), exclusive' }),
    }),
  })
  .openapi('Dashboard');

export const getDashboardRoute = createRoute({
  tags: ['Dashboard'],
  middleware: [requireUser] as const,
  method: 'get',
  path: '/api/dashboard',
  summary: 'Your overview: stat cards, active tasks, the 5 latest runs and the monthly quota',
  responses: {
    200: { description: 'The overview', content: { 'application/json': { schema: dashboardSchema } } },
    401: { description: 'Not signed in', content: { 'application/json': { schema: errorResponseSchema } } },
  },
});

export const dashboardRouter = createRouter().openapi(getDashboardRoute, getDashboard);
