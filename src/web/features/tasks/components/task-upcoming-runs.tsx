import { useMemo } from 'react';
import { scheduleTimeZone, upcomingSlots } from '#shared/tasks/schedule';
import type { Task } from '#shared/tasks/task.schema';
import { SlotList } from './slot-list';

const upcomingCount = 10;

/**
 * The task's next ten slots with their daylight-saving notes, from its stored schedule and the scheduler's own math.
 * A paused or stopped task has none until it is resumed.
 */
export function TaskUpcomingRuns({ task }: { task: Task }) {
  const slots = useMemo(
    () => (task.status === 'active' ? upcomingSlots(task, { after: new Date(), count: upcomingCount, notes: true }) : []),
    [task],
  );
  if (slots.length === 0) return null;
  return <SlotList id="task-upcoming-runs-title" title="Upcoming runs" slots={slots} timeZone={scheduleTimeZone(task)} />;
}
