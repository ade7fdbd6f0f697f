import { toLocalScheduleTime, type Schedule } from './schedule';

const gmtOffset = /^GMT[+-]/;

/**
 * The zone's short name now ("CET", "EST", "UTC"). ICU knows each abbreviation only in some locales (en-US has EST
 * but not CET, en-GB the reverse), so we ask both and fall back to the offset ("GMT+9") where neither has one.
 */
export function zoneAbbreviation(timeZone: string, at = new Date()): string {
  let fallback = timeZone;
  for (const locale of ['en-US', 'en-GB']) {
    const name = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'short' })
      .formatToParts(at)
      .find((part) => part.type === 'timeZoneName')?.value;
    if (!name) continue;
    if (!gmtOffset.test(name)) return name;
    fallback = name;
  }
  return fallback;
}

/**
 * Spec section 2's "Schedule" column: the cron text for a custom schedule, otherwise the type, "at" and the time, or
 * "scheduled time" when there is none. The time is the task's own wall-clock time with its zone's abbreviation
 * ("daily at 09:00 CET"), so an administrator in another zone reads what the owner chose.
 */
export function scheduleWithZone(schedule: Schedule, now = new Date()): string {
  if (schedule.scheduleType === 'custom') return schedule.customCron ?? '';
  if (!schedule.scheduleTime) return `${schedule.scheduleType} at scheduled time`;
  const startDate = schedule.startDate ?? now.toISOString().slice(0, 10);
  const local = toLocalScheduleTime(schedule.scheduleTime, startDate, schedule.timezone);
  return `${schedule.scheduleType} at ${local} ${zoneAbbreviation(schedule.timezone, now)}`;
}
