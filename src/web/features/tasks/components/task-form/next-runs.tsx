import { CalendarClock } from 'lucide-react';
import { useWatch } from 'react-hook-form';
import { slotNoteTexts } from '#shared/tasks/slot-notes';
import { upcomingRuns } from './task-form-values';
import { useTaskFormContext } from './use-task-form';
import { formatInstant } from '#web/lib/date-time';
import { timeZoneName } from '#web/lib/time-zones';

const previewCount = 10;

/**
 * The next ten fire times of the schedule as it stands in the form, computed with the scheduler's own math
 * (shared/tasks/schedule) and shown in the task's zone. Nothing shows while the schedule is incomplete or the cron is
 * invalid; the field's error says why.
 */
export function NextRuns() {
  const { control } = useTaskFormContext();
  const [scheduleType, localTime, startDate, timezone, customCron, cronTimezone, dstGap, dstRepeat] = useWatch({
    control,
    name: ['scheduleType', 'localTime', 'startDate', 'timezone', 'customCron', 'cronTimezone', 'dstGap', 'dstRepeat'],
  });
  const fields = { scheduleType, localTime, startDate, timezone, customCron, cronTimezone, dstGap, dstRepeat };
  const runs = upcomingRuns(fields, new Date(), previewCount);
  if (runs.length === 0) return null;
  const zone = scheduleType === 'custom' && cronTimezone ? cronTimezone : timezone;

  return (
    <section aria-labelledby="task-next-runs-title" className="rounded-lg border border-slate-200 bg-slate-50 px-4 py-3">
      <h3 id="task-next-runs-title" className="flex items-center gap-2 text-sm font-medium text-slate-900">
        <CalendarClock aria-hidden="true" className="size-4 text-indigo-600" />
        Next runs
      </h3>
      <ol className="mt-2 flex flex-col gap-1 text-sm text-slate-700">
        {runs.map((run) => (
          <li key={run.at.toISOString()}>
            <time dateTime={run.at.toISOString()}>{formatInstant(run.at, 'weekdayDateTime', { timeZone: zone })}</time>
            {run.note ? <span className="ml-2 text-xs text-amber-700">{slotNoteTexts[run.note]}</span> : null}
          </li>
        ))}
      </ol>
      <p className="mt-2 text-xs text-slate-500">Times in {timeZoneName(zone)}.</p>
    </section>
  );
}
