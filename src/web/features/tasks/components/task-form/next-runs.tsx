import { CalendarClock } from 'lucide-react';
import { useWatch } from 'react-hook-form';
import { upcomingRuns } from './task-form-values';
import { useTaskFormContext } from './use-task-form';
import { formatInstant } from '#web/lib/date-time';
import { timeZoneName } from '#web/lib/time-zones';

const previewCount = 3;

/**
 * The next three fire times of the schedule as it stands in the form, computed with the scheduler's own math
 * (shared/tasks/schedule) and shown in the task's zone. Nothing shows while the schedule is incomplete or the cron is
 * invalid; the field's error says why.
 */
export function NextRuns() {
  const { control } = useTaskFormContext();
  const [scheduleType, scheduleTime, startDate, timezone, customCron] = useWatch({
    control,
    name: ['scheduleType', 'scheduleTime', 'startDate', 'timezone', 'customCron'],
  });
  const runs = upcomingRuns({ scheduleType, scheduleTime, startDate, timezone, customCron }, new Date(), previewCount);
  if (runs.length === 0) return null;

  return (
    <section aria-labelledby="task-next-runs-title" className="rounded-lg border border-slate-200 bg-slate-50 px-4 py-3">
      <h3 id="task-next-runs-title" className="flex items-center gap-2 text-sm font-medium text-slate-900">
        <CalendarClock aria-hidden="true" className="size-4 text-indigo-600" />
        Next runs
      </h3>
      <ol className="mt-2 flex flex-col gap-1 text-sm text-slate-700">
        {runs.map((run) => (
          <li key={run.toISOString()}>
            <time dateTime={run.toISOString()}>{formatInstant(run, 'weekdayDateTime', { timeZone: timezone })}</time>
          </li>
        ))}
      </ol>
      <p className="mt-2 text-xs text-slate-500">Times in {timeZoneName(timezone)}.</p>
    </section>
  );
}
