import { SlotList } from '../slot-list';
import { upcomingRuns } from './task-form-values';
import { useScheduleFields } from './use-schedule-fields';

const previewCount = 10;

/**
 * The next ten fire times of the schedule as it stands in the form, computed with the scheduler's own math
 * (shared/tasks/schedule) and shown in the schedule's zone. Nothing shows while the schedule is incomplete or the cron
 * is invalid; the field's error says why.
 */
export function NextRuns() {
  const fields = useScheduleFields();
  const { scheduleType, cronTimezone, timezone } = fields;
  const runs = upcomingRuns(fields, new Date(), previewCount);
  if (runs.length === 0) return null;
  const zone = scheduleType === 'custom' && cronTimezone ? cronTimezone : timezone;
  return <SlotList id="task-next-runs-title" title="Next runs" slots={runs} timeZone={zone} />;
}
