import { useWatch } from 'react-hook-form';
import type { ScheduleFields } from './task-form-values';
import { useTaskFormContext } from './use-task-form';

const names = [
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
] as const;

/** The schedule fields as they stand in the form, watched: what the next runs and the prompt preview compute from. */
export function useScheduleFields(): ScheduleFields {
  const { control } = useTaskFormContext();
  const [scheduleType, localTime, startDate, timezone, customCron, cronTimezone, dstGap, dstRepeat, endDate, pausedUntil, skipDates] =
    useWatch({ control, name: names });
  return { scheduleType, localTime, startDate, timezone, customCron, cronTimezone, dstGap, dstRepeat, endDate, pausedUntil, skipDates };
}
