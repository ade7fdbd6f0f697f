import { formatDuration } from './format-duration';

/** The column is an `integer`: a slot begun more than 24.8 days late (a run recorded with an old slot) reads as that. */
const longestLatenessMs = 2_147_483_647;

/**
 * A scheduled run's lateness (ADR 0101): the moment the job that began it started, minus its slot, at least 0. It is
 * stored on the run (`task_runs.lateness_ms`) with its outcome, and every figure of lateness reads that value (SQL
 * readers through `#server/core/runs/lateness-sql`); `started_at` is no measure, since a run claimed ahead starts at
 * its slot however late a worker began it.
 */
export function latenessOf(begunAt: number, slot: Date): number {
  return Math.min(longestLatenessMs, Math.max(0, begunAt - slot.getTime()));
}

/** Within this of its slot a scheduled run began on time (ADR 0080): every on-time figure of the product counts so. */
export const onTimeWithinMs = 1000;

/**
 * How late a scheduled run began, as the run's details, History and the exports say it: "On time (120ms)", "Late by
 * 3.4s"; "—" for Run Now and for runs that have no measure.
 */
export function latenessText(latenessMs: number | null): string {
  if (latenessMs === null) return '—';
  const amount = formatDuration(Math.max(0, latenessMs));
  return latenessMs <= onTimeWithinMs ? `On time (${amount})` : `Late by ${amount}`;
}
