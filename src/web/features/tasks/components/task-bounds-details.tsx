import type { Task } from '#shared/tasks/task.schema';
import { formatInZoneOf } from '#web/lib/date-time';

/** Why a finished task finished, as its page says it (ADR 0118); null for any other task. */
export function finishedText(task: Pick<Task, 'status' | 'finishedReason' | 'maxRuns'>): string | null {
  if (task.status !== 'finished') return null;
  if (task.finishedReason === 'max_runs') return `Finished: made its ${(task.maxRuns ?? 0).toLocaleString('en-US')} runs`;
  if (task.finishedReason === 'end_date') return 'Finished: reached its end date';
  return 'Finished';
}

/** The schedule's bounds as rows of the task page's Schedule card; nothing when it has none. */
export function TaskBoundsDetails({ task, zone }: { task: Task; zone: string }) {
  const rows: [string, string][] = [];
  if (task.endDate) rows.push(['Ends', `After ${task.endDate}`]);
  if (task.maxRuns !== null) rows.push(['Ends after', `${task.maxRuns.toLocaleString('en-US')} runs`]);
  if (task.pausedUntil && Date.parse(task.pausedUntil) > Date.now()) rows.push(['Paused until', formatInZoneOf(task.pausedUntil, zone)]);
  if (task.skipDates.length) rows.push(['Skip dates', task.skipDates.join(', ')]);
  return rows.map(([label, value]) => (
    <div key={label} className="flex flex-col gap-1" data-bound={label}>
      <dt className="text-sm font-medium text-slate-500">{label}</dt>
      <dd className="text-sm text-slate-900">{value}</dd>
    </div>
  ));
}
