import { z } from 'zod';
import { runActivitySchema } from '../runs/run-activity.schema';
import { runSchema } from '../runs/run.schema';
import { taskSchema } from '../tasks/task.schema';

/** `GET /api/dashboard`: the overview's stat cards, active tasks, latest runs, monthly quota (spec section 2) and 30-day activity. */
export const dashboardSchema = z
  .object({
    stats: z.object({
      activeTasks: z.number().int().nonnegative(),
      runsCompleted: z.number().int().nonnegative(),
      successRate: z.number().min(0).max(100).nullable().meta({
        description: 'runs completed and not failed in delivery / (completed + error) × 100, one decimal; null before any run finished',
      }),
      runsThisMonth: z.number().int().nonnegative().meta({ description: 'Runs started this calendar month (UTC), skipped slots excluded' }),
      tokensThisMonth: z
        .number()
        .int()
        .nonnegative()
        .meta({ description: 'Input and output tokens of the runs started this calendar month (UTC)' }),
      costUsdThisMonth: z.number().nonnegative().meta({ description: 'Their estimated cost in USD; models without a price add nothing' }),
    }),
    activeTasks: z.array(taskSchema).meta({ description: 'Up to 5 active tasks, the next to fire first' }),
    recentRuns: z.array(runSchema).meta({ description: 'The 5 latest runs' }),
    quota: z.object({
      // No plans yet, so every account is unlimited (spec: "unlimited on the current plan").
      monthlyRunLimit: z.number().int().nonnegative().nullable().meta({ description: 'Null: unlimited' }),
      runsThisMonth: z.number().int().nonnegative(),
      periodStart: z.string().meta({ description: 'First instant of the month (UTC)' }),
      periodEnd: z.string().meta({ description: 'First instant of the next month (UTC), exclusive' }),
    }),
    activity: runActivitySchema,
    punctuality: z
      .object({
        timedRunsThisMonth: z
          .number()
          .int()
          .nonnegative()
          .meta({ description: 'Scheduled runs a worker began this calendar month (UTC), so whose lateness is known' }),
        onTimeShare: z.number().min(0).max(100).nullable().meta({
          description: 'Percent of them begun within 1 s of their slot, one decimal; null without any',
        }),
        p99LatenessMs: z.number().int().nullable().meta({
          description: 'Their 99th percentile of lateness (slot to the start of work, interpolated, rounded); null without any',
        }),
      })
      .meta({ description: 'How punctually the user’s scheduled runs began this month (ADR 0080)' }),
    // A default, so an older server's answer parses.
    awaitingApproval: z
      .object({
        count: z.number().int().nonnegative(),
        tasks: z.array(taskSchema).meta({ description: 'Up to 5 of them, the oldest first' }),
      })
      .default({ count: 0, tasks: [] })
      .meta({ description: 'Tasks an API key made that wait, paused, for the owner’s Approve (ADR 0125)' }),
  })
  .meta({ id: 'Dashboard' });

export type Dashboard = z.infer<typeof dashboardSchema>;
