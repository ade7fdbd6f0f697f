import { useWatch } from 'react-hook-form';
import { SlotList } from '../slot-list';
import { upcomingRuns } from './task-form-values';
import { useTaskFormContext } from './use-task-form';

const previewCount = 10;

/**
 * The next ten fire times of the schedule as it stands in the form, computed with the scheduler's own math
 * (shared/tasks/schedule) and shown in the schedule's zone. Nothing shows while the schedule is incomplete or the cron
 * is invalid; the field's error says why.
 */
export function NextRuns() {
  const { control } = useTaskFormContext();
  const [scheduleType, localTime, startDate, timezone, customCron, cronTimezone, dstGap, dstRepeat, endDate, pausedUntil, skipDates] =
    useWatch({
      control,
      name: [
        'scheduleType',
        'localTime',
        'startDate',
        'timezone',
        'customCron',
        'cronTimezone',
        'dstGap',
        'dstRepeat',
        'endDate',
        'pausedUntil',
        'skipDates',
      ],
    });
  const fields = {
    scheduleType,
    localTime,
    startDate,
    timezone,
    customCron,
    cronTimezone,
    dstGap,
    dstRepeat,
    endDate,
    pausedUntil,
    skipDates,
  };
  const runs = upcomingRuns(fields, new Date(), previewCount);
  if (runs.length === 0) return null;
  const zone = scheduleType === 'custom' && cronTimezone ? cronTimezone : timezone;
  return <SlotList id="task-next-runs-title" title="Next runs" slots={runs} timeZone={zone} />;
}
