import { z } from 'zod';

/** How the status page sees a part of the service now (issue 40). */
export const componentStates = ['operational', 'down', 'unknown', 'not_configured'] as const;
export type ComponentState = (typeof componentStates)[number];

const componentSchema = z.object({
  state: z.enum(componentStates),
  /** One plain sentence for the page, e.g. "2 workers running." */
  message: z.string(),
});

/** One UTC day of the last 90: punctuality of the scheduled runs and success of the deliveries. */
export const statusDaySchema = z.object({
  day: z.iso.date(),
  scheduledRuns: z.number().int().nonnegative(),
  /** Scheduled runs a worker began, so whose lateness is known (a skipped slot never began). */
  timedRuns: z.number().int().nonnegative(),
  /** Of those, the runs begun within 1 s of their slot. */
  onTimeRuns: z.number().int().nonnegative(),
  /** Percent of the runs a worker began within 1 s of their slot, one decimal; null on a day with none. */
  onTimeShare: z.number().min(0).max(100).nullable(),
  p50LatenessMs: z.number().int().nullable(),
  p99LatenessMs: z.number().int().nullable(),
  deliveriesAttempted: z.number().int().nonnegative(),
  deliveriesSucceeded: z.number().int().nonnegative(),
  /** Percent of finished deliveries that arrived, one decimal; null on a day with none. */
  deliverySuccessShare: z.number().min(0).max(100).nullable(),
});
export type StatusDay = z.infer<typeof statusDaySchema>;

/** A day (YYYY-MM-DD, UTC) without scheduled runs or deliveries: how the page shows a day the rollup has no row for. */
export function quietStatusDay(day: string): StatusDay {
  return {
    day,
    scheduledRuns: 0,
    timedRuns: 0,
    onTimeRuns: 0,
    onTimeShare: null,
    p50LatenessMs: null,
    p99LatenessMs: null,
    deliveriesAttempted: 0,
    deliveriesSucceeded: 0,
    deliverySuccessShare: null,
  };
}

export const statusIncidentKinds = ['watchdog', 'database', 'workers'] as const;

export const statusIncidentSchema = z.object({
  kind: z.enum(statusIncidentKinds),
  startedAt: z.iso.datetime({ offset: true }),
  /** Null while it lasts. */
  endedAt: z.iso.datetime({ offset: true }).nullable(),
  summary: z.string().nullable(),
});
export type StatusIncident = z.infer<typeof statusIncidentSchema>;

/** GET /api/status: what the public status page at /status shows. */
export const statusSchema = z.object({
  generatedAt: z.iso.datetime({ offset: true }),
  current: z.object({ api: componentSchema, workers: componentSchema, database: componentSchema, email: componentSchema }),
  /** The last 90 UTC days, oldest first, today last. */
  days: z.array(statusDaySchema),
  /** Incidents of the last 90 days, newest first. */
  incidents: z.array(statusIncidentSchema),
});
export type Status = z.infer<typeof statusSchema>;
