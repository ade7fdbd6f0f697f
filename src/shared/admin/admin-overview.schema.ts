import { z } from 'zod';

/**
 * The admin dashboard's figures (issue 17, spec section 2 "Admin screens" and the "Admin dashboard" constants): one
 * contract for `GET /api/admin/overview` and the web's parsing. What each figure counts: docs/decisions/0030.
 */

/** The Recent Signups table's length. */
export const recentSignupCount = 4;
/** The User Growth chart's months, the current one included. */
export const userGrowthMonths = 7;
/** System health looks at the runs that finished in this window. */
export const healthWindowMs = 3_600_000;
/** Recent Task Runs counts runs started in this window. */
export const recentRunsWindowMs = 24 * 3_600_000;
/** API Usage counts runs started in this window (the spec's "one month"). */
export const apiUsageWindowMs = 30 * 24 * 3_600_000;
/** A success rate above this (percent) is healthy, above `warningAbove` a warning, otherwise an error. */
export const healthyAbove = 95;
export const warningAbove = 80;
export const noRecentRunsMessage = 'No runs in the last hour';

export const healthStatuses = ['healthy', 'warning', 'error', 'unknown'] as const;
export type HealthStatus = (typeof healthStatuses)[number];

/** The status a success rate (percent) earns; no rate (no finished runs) is unknown. */
export function healthStatusOf(successRate: number | null): HealthStatus {
  if (successRate === null) return 'unknown';
  if (successRate > healthyAbove) return 'healthy';
  if (successRate > warningAbove) return 'warning';
  return 'error';
}

export const adminOverviewCardsSchema = z.object({
  totalUsers: z.number().int(),
  activeTasks: z.number().int().meta({ description: 'Tasks with status active' }),
  recentRuns: z.number().int().meta({ description: 'Task runs started in the last 24 hours' }),
  apiUsage: z.number().int().meta({ description: 'Task runs started in the last 30 days' }),
});

export const recentSignupSchema = z.object({
  id: z.string(),
  /** The full name, else the e-mail address. */
  name: z.string(),
  email: z.string(),
  plan: z.string(),
  signedUpAt: z.string(),
});

export type RecentSignup = z.infer<typeof recentSignupSchema>;

export const systemHealthSchema = z.object({
  status: z.enum(healthStatuses),
  successRate: z.number().nullable().meta({
    description:
      'Percent of the runs finished in the last hour that completed and were not refused delivery (skipped runs excluded); null when none finished',
  }),
  finishedRuns: z.number().int(),
  message: z.string().nullable().meta({ description: '"No runs in the last hour" when none finished, else null' }),
  database: z.object({ status: z.enum(['up', 'down']), latencyMs: z.number() }),
  queueDepth: z.number().int().meta({ description: 'Jobs due to run now and not locked by a worker' }),
  oldestWaitingJobSeconds: z
    .number()
    .int()
    .nullable()
    .meta({ description: 'How long the longest-waiting due job has waited; null when none waits' }),
  fireLatenessP95Ms: z.number().int().nullable().meta({
    description:
      '95th percentile of the lateness stored on the scheduled runs of the last hour (when a worker began each, minus its slot; runs still processing have none yet); null when none',
  }),
  failingWebhookDeliveries: z.number().int().meta({ description: 'Runs whose webhook delivery failed and is still being retried' }),
  lastBackup: z
    .object({
      at: z.string().meta({ description: 'When the nightly backup finished or failed' }),
      fileName: z.string().nullable().meta({ description: 'The file in DATA_DIR/backups; null when it failed' }),
      sizeBytes: z.number().int().nullable(),
      error: z.string().nullable().meta({ description: 'Why it failed; null when it succeeded' }),
    })
    .nullable()
    .meta({ description: 'The newest nightly backup (ADR 0069); null before the first' }),
});

export type SystemHealth = z.infer<typeof systemHealthSchema>;

export const userGrowthMonthSchema = z.object({
  month: z.string().meta({ description: 'YYYY-MM, UTC' }),
  label: z.string().meta({ description: 'Short month name, e.g. "Jun"' }),
  signups: z.number().int(),
});

export type UserGrowthMonth = z.infer<typeof userGrowthMonthSchema>;

export const adminOverviewSchema = z
  .object({
    cards: adminOverviewCardsSchema,
    recentSignups: z.array(recentSignupSchema),
    systemHealth: systemHealthSchema,
    userGrowth: z
      .array(userGrowthMonthSchema)
      .meta({ description: 'The last 7 calendar months (UTC), oldest first, months without signups included' }),
  })
  .meta({ id: 'AdminOverview' });

export type AdminOverview = z.infer<typeof adminOverviewSchema>;
