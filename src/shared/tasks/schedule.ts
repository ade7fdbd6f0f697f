import { Cron } from 'croner';
import { formatTime, instantOf, parseDate, parseTime, todayIn, wallTimeAt } from '../time/zoned-time';
import type { ScheduleType } from './task.schema';

/**
 * When a task fires (ARCHITECTURE section 5). Simple schedules keep the wall-clock time of the task's own zone, so a
 * 09:00 task stays at 09:00 across DST; hourly fires at the minute of its time, weekly on the weekday of its start
 * date, monthly on the day of month of its start date (the 31st on the last day of shorter months). Custom cron is
 * UTC. Nothing fires before the start date.
 */
export interface Schedule {
  scheduleType: ScheduleType;
  /** HH:MM in UTC, as stored. */
  scheduleTime?: string | null;
  /** YYYY-MM-DD in `timezone`. */
  startDate?: string | null;
  timezone: string;
  customCron?: string | null;
}

/**
 * The stored UTC time means the local time it had on the start date; converting through that same date keeps the
 * pair stable whatever the season today.
 */
export function toUtcScheduleTime(localTime: string, startDate: string, timeZone: string): string {
  const instant = instantOf({ ...parseDate(startDate), ...parseTime(localTime) }, timeZone);
  return formatTime({ hour: instant.getUTCHours(), minute: instant.getUTCMinutes() });
}

export function toLocalScheduleTime(utcTime: string, startDate: string, timeZone: string): string {
  const { hour, minute } = parseTime(utcTime);
  const { year, month, day } = parseDate(startDate);
  // The UTC reading may fall on the day before or after the local start date; try the neighbours too.
  for (const shift of [0, -1, 1]) {
    const instant = new Date(Date.UTC(year, month - 1, day + shift, hour, minute));
    const wall = wallTimeAt(instant, timeZone);
    if (wall.year === year && wall.month === month && wall.day === day) return formatTime(wall);
  }
  return formatTime(wallTimeAt(new Date(Date.UTC(year, month - 1, day, hour, minute)), timeZone));
}

// Parsing a pattern costs more than finding its next run; a scheduler claiming thousands of tasks at once meets
// the same few patterns again and again.
const parsedPatterns = new Map<string, Cron>();

function cronFor(pattern: string, timezone: string): Cron {
  const key = `${timezone} ${pattern}`;
  let cron = parsedPatterns.get(key);
  if (!cron) {
    cron = new Cron(pattern, { timezone, paused: true });
    if (parsedPatterns.size >= 1_000) parsedPatterns.clear();
    parsedPatterns.set(key, cron);
  }
  return cron;
}

/** The zone a schedule's times are read in: its task's, but UTC for a custom cron (spec section 9). */
export function scheduleTimeZone(schedule: Pick<Schedule, 'scheduleType' | 'timezone'>): string {
  return schedule.scheduleType === 'custom' ? 'UTC' : schedule.timezone;
}

/** The next `count` fire times strictly after `after`. */
export function nextFireTimes(schedule: Schedule, { after = new Date(), count = 1 }: { after?: Date; count?: number } = {}): Date[] {
  if (schedule.scheduleType === 'custom') {
    if (!schedule.customCron) return [];
    return cronFor(schedule.customCron, scheduleTimeZone(schedule)).nextRuns(count, after);
  }
  if (!schedule.scheduleTime) return [];
  const timeZone = schedule.timezone;
  const startDate = schedule.startDate ?? todayIn(timeZone, after);
  const local = parseTime(toLocalScheduleTime(schedule.scheduleTime, startDate, timeZone));
  const start = parseDate(startDate);
  const startAt = instantOf({ ...start, hour: 0, minute: 0 }, timeZone);
  const from = after.getTime() >= startAt.getTime() ? after : new Date(startAt.getTime() - 1000);
  const cron = (pattern: string) => cronFor(pattern, timeZone).nextRuns(count, from);

  switch (schedule.scheduleType) {
    case 'hourly':
      return cron(`${local.minute} * * * *`);
    case 'daily':
      return cron(`${local.minute} ${local.hour} * * *`);
    case 'weekly': {
      const weekday = new Date(Date.UTC(start.year, start.month - 1, start.day)).getUTCDay();
      return cron(`${local.minute} ${local.hour} * * ${weekday}`);
    }
    case 'monthly': {
      if (start.day <= 28) return cron(`${local.minute} ${local.hour} ${start.day} * *`);
      // Months that have the day fire on it; shorter months fire on their last day.
      const onTheDay = cron(`${local.minute} ${local.hour} ${start.day} * *`);
      const onShortMonthEnds = cron(`${local.minute} ${local.hour} L * *`).filter(
        (instant) => wallTimeAt(instant, timeZone).day < start.day,
      );
      return [...onTheDay, ...onShortMonthEnds].sort((a, b) => a.getTime() - b.getTime()).slice(0, count);
    }
  }
}

/** The first fire time after `after`, or null when the schedule never fires. */
export function nextFireTime(schedule: Schedule, after = new Date()): Date | null {
  return nextFireTimes(schedule, { after, count: 1 })[0] ?? null;
}
