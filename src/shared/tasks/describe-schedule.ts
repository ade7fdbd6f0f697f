import { scheduleTimeZone, type Schedule } from './schedule';
import { zoneAbbreviation } from './zone-abbreviation';

const weekdays = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

function ordinal(day: number): string {
  const suffix = day % 10 === 1 && day !== 11 ? 'st' : day % 10 === 2 && day !== 12 ? 'nd' : day % 10 === 3 && day !== 13 ? 'rd' : 'th';
  return `${day}${suffix}`;
}

/**
 * A schedule in words, as it fires, in the task's own time zone: "Daily at 09:00", "Weekly on Monday at 07:30",
 * "Monthly on the 31st at 18:00", "Hourly at :15", or the cron text with its zone: "0 9 * * 1-5 (Europe/Berlin)".
 *
 * `zoneAt` adds the zone's abbreviation at that instant ("Daily at 09:00 CET"): for readers in another zone than the
 * task's, such as an administrator, who would otherwise take the time for their own.
 */
export function describeSchedule(schedule: Schedule, { zoneAt }: { zoneAt?: Date } = {}): string {
  if (schedule.scheduleType === 'custom') return `${schedule.customCron ?? ''} (${scheduleTimeZone(schedule)})`;
  if (!schedule.localTime) return `${capitalize(schedule.scheduleType)} at scheduled time`;
  const startDate = schedule.startDate ?? (zoneAt ?? new Date()).toISOString().slice(0, 10);
  const local = schedule.localTime;
  const zone = zoneAt ? ` ${zoneAbbreviation(schedule.timezone, zoneAt)}` : '';
  const [year = 1970, month = 1, day = 1] = startDate.split('-').map(Number);
  switch (schedule.scheduleType) {
    case 'hourly':
      return `Hourly at :${local.slice(3)}${zone}`;
    case 'daily':
      return `Daily at ${local}${zone}`;
    case 'weekly':
      return `Weekly on ${weekdays[new Date(Date.UTC(year, month - 1, day)).getUTCDay()]} at ${local}${zone}`;
    case 'monthly':
      return `Monthly on the ${ordinal(day)} at ${local}${zone}`;
  }
}

function capitalize(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}
