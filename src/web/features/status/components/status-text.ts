import type { ComponentState, StatusDay, StatusIncident } from '#shared/status/status.schema';
import { formatDuration } from '#shared/runs/format-duration';

export const componentNames = { api: 'API', workers: 'Workers', database: 'Database', email: 'E-mail' } as const;

export const stateAppearance: Record<ComponentState, { label: string; dot: string }> = {
  operational: { label: 'Operational', dot: 'bg-emerald-500' },
  down: { label: 'Down', dot: 'bg-red-500' },
  unknown: { label: 'Unknown', dot: 'bg-slate-400' },
  not_configured: { label: 'Not configured', dot: 'bg-slate-400' },
};

export const incidentKindNames: Record<StatusIncident['kind'], string> = {
  database: 'Database outage',
  workers: 'No worker running',
  watchdog: 'Overdue slots',
};

/** A bar's colour for a share of 0–100: green from 99 %, amber from 90 %, red below; grey for a day without any. */
export function shareColor(share: number | null): string {
  if (share === null) return 'bg-slate-200';
  if (share >= 99) return 'bg-emerald-500';
  if (share >= 90) return 'bg-amber-500';
  return 'bg-red-500';
}

/** Lateness: green within a second, amber within a minute, red beyond. */
export function latenessColor(ms: number | null): string {
  if (ms === null) return 'bg-slate-200';
  if (ms <= 1_000) return 'bg-emerald-500';
  if (ms <= 60_000) return 'bg-amber-500';
  return 'bg-red-500';
}

/** "99.1%", as the dashboard writes its shares. */
export function formatShare(share: number | null): string {
  return share === null ? '—' : `${share.toFixed(1)}%`;
}

/** "930ms", "12.3s": durations as everywhere else in the product (spec section 9). */
export function formatMs(ms: number | null): string {
  return ms === null ? '—' : formatDuration(ms);
}

/** The figures of several days together: each share weighted by the runs or deliveries behind it. */
export function totalsOf(days: StatusDay[]) {
  let scheduledRuns = 0;
  let onTimeRuns = 0;
  let timedRuns = 0;
  let attempted = 0;
  let succeeded = 0;
  for (const day of days) {
    scheduledRuns += day.scheduledRuns;
    onTimeRuns += day.onTimeRuns;
    timedRuns += day.timedRuns;
    attempted += day.deliveriesAttempted;
    succeeded += day.deliveriesSucceeded;
  }
  return {
    scheduledRuns,
    onTimeShare: timedRuns === 0 ? null : Math.round((onTimeRuns / timedRuns) * 1000) / 10,
    deliverySuccessShare: attempted === 0 ? null : Math.round((succeeded / attempted) * 1000) / 10,
  };
}
