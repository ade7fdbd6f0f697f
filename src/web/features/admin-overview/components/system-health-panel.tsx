import { clsx } from 'clsx';
import type { HealthStatus, SystemHealth } from '#shared/admin/admin-overview.schema';
import { formatBytes } from '#shared/format-bytes';
import { formatDuration } from '#shared/runs/format-duration';
import { formatInstant } from '#web/lib/date-time';
import { Card, CardContent, CardHeader } from '#web/components/ui/card';

const statusStyles: Record<HealthStatus, { label: string; box: string; dot: string }> = {
  healthy: { label: 'Healthy', box: 'border-emerald-200 bg-emerald-50 text-emerald-800', dot: 'bg-emerald-500' },
  warning: { label: 'Warning', box: 'border-amber-200 bg-amber-50 text-amber-800', dot: 'bg-amber-500' },
  error: { label: 'Error', box: 'border-red-200 bg-red-50 text-red-800', dot: 'bg-red-500' },
  unknown: { label: 'No data', box: 'border-slate-200 bg-slate-50 text-slate-700', dot: 'bg-slate-400' },
};

const numberFormat = new Intl.NumberFormat('en-US');

/** Seconds as "45 s", "12 min" or "3 h". */
function formatAge(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min`;
  return `${Math.floor(seconds / 3600)} h`;
}

/** The nightly backup's outcome: when and how big, or why it failed (ADR 0069). */
function formatBackup(backup: SystemHealth['lastBackup']): string {
  if (!backup) return 'No backup yet';
  const at = formatInstant(backup.at, 'dateTime');
  if (backup.error !== null) return `Failed ${at}: ${backup.error}`;
  return `${at} (${formatBytes(backup.sizeBytes ?? 0)})`;
}

/** The success rate of the last hour's finished runs, coloured by its status, and the platform's vital signs. */
export function SystemHealthPanel({ health }: { health: SystemHealth }) {
  const style = statusStyles[health.status];
  const figures: [string, string][] = [
    ['Database', health.database.status === 'up' ? `Up (${health.database.latencyMs}ms)` : 'Down'],
    ['Queue depth', `${numberFormat.format(health.queueDepth)} waiting`],
    ['Oldest waiting job', health.oldestWaitingJobSeconds === null ? 'None' : formatAge(health.oldestWaitingJobSeconds)],
    ['Fire lateness p95', health.fireLatenessP95Ms === null ? 'No scheduled runs' : formatDuration(health.fireLatenessP95Ms)],
    ['Failing webhook deliveries', numberFormat.format(health.failingWebhookDeliveries)],
    ['Last backup', formatBackup(health.lastBackup)],
  ];
  return (
    <Card aria-labelledby="system-health-title">
      <CardHeader title="System Health" titleId="system-health-title" />
      <CardContent className="flex flex-col gap-4">
        <div data-status={health.status} className={clsx('flex flex-col gap-1 rounded-lg border px-4 py-3', style.box)}>
          <p className="flex items-center gap-2 font-semibold">
            <span aria-hidden="true" className={clsx('size-2.5 rounded-full', style.dot)} />
            {style.label}
          </p>
          <p className="text-sm">
            {health.successRate === null
              ? health.message
              : `${health.successRate}% of ${numberFormat.format(health.finishedRuns)} runs succeeded in the last hour`}
          </p>
        </div>
        <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-2">
          {figures.map(([term, value]) => (
            <div key={term} className="flex justify-between gap-3 border-b border-slate-100 pb-2">
              <dt className="text-slate-600">{term}</dt>
              <dd className="font-medium text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
