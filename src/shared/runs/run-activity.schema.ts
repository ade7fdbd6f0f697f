import { z } from 'zod';

/** How many calendar days the activity chart covers, today included. */
export const activityDays = 30;

/**
 * Finished runs per calendar day in the user's zone, oldest day first, today last: the 30-day activity chart of the
 * overview (`GET /api/dashboard`, field `activity`) and of a task's page (`GET /api/tasks/{id}/activity`).
 */
export const runActivitySchema = z
  .object({
    timeZone: z
      .string()
      .meta({ description: "The zone the days are counted in: the default schedule's, else the newest task's, else UTC" }),
    days: z
      .array(
        z.object({
          date: z.string().meta({ description: 'YYYY-MM-DD in `timeZone`' }),
          completed: z.number().int().nonnegative().meta({ description: 'Runs started that day that completed' }),
          failed: z.number().int().nonnegative().meta({ description: 'Runs started that day that ended in an error' }),
        }),
      )
      .meta({ description: `The last ${activityDays} days, oldest first, today last; every day present` }),
  })
  .meta({ id: 'RunActivity' });

export type RunActivity = z.infer<typeof runActivitySchema>;
