import { Cron } from 'croner';
import { formatTime, instantOf, parseDate, parseTime, todayIn, wallTimeAt } from '../time/zoned-time';
import { boundedSlots, type ScheduleBounds } from './schedule-bounds';
import type { ScheduleType } from './task.schema';

export const dstGapPolicies = ['shift', 'skip'] as const;
export type DstGapPolicy = (typeof dstGapPolicies)[number];
export const dstRepeatPolicies = ['first', 'both'] as const;
export type DstRepeatPolicy = (typeof dstRepeatPolicies)[number];

/**
 * When a task fires (ARCHITECTURE section 5, ADR 0116). Simple schedules are a wall-clock time of the task's own zone,
 * stored as such, so 09:00 stays 09:00 across DST and on the day it changes; hourly fires at the minute of its time,
 * weekly on the weekday of its start date, monthly on the day of month of its start date (the 31st on the last day
 * of shorter months). A custom cron is read in its `cronTimezone`. Nothing fires before the start date, nor outside
 * its bounds (ADR 0118).
 */
export interface Schedule extends ScheduleBounds {
  scheduleType: ScheduleType;
  /** HH:MM on the wall clock of `timezone`. */
  localTime?: string | null;
  /** YYYY-MM-DD in the schedule's zone. */
  startDate?: string | null;
  timezone: string;
  customCron?: string | null;
  /** The zone a custom cron is read in; the task's own when not given. */
  cronTimezone?: string | null;
  /** A wall time that does not exist that day (spring forward): run at the first instant after it, or skip the day. */
  dstGap?: DstGapPolicy;
  /** A wall time that happens twice (autumn): run at the first, or at both. */
  dstRepeat?: DstRepeatPolicy;
}

/** Why a slot is not simply the schedule's wall time: what the preview and the form tell the user. */
export const slotNotes = ['dst_shifted', 'dst_repeated', 'skipped_date', 'paused_until', 'after_end'] as const;
export type SlotNote = (typeof slotNotes)[number];

export interface Slot {
  at: Date;
  note?: SlotNote;
}

/** The zone a schedule's wall times are read in. */
export function scheduleTimeZone(schedule: Pick<Schedule, 'scheduleType' | 'timezone' | 'cronTimezone'>): string {
  return schedule.scheduleType === 'custom' ? (schedule.cronTimezone ?? schedule.timezone) : schedule.timezone;
}

/** The deprecated UTC reading of a local time: its UTC time of day on `date` (the start date, or today). */
export function toUtcScheduleTime(localTime: string, date: string, timeZone: string): string {
  const instant = instantOf({ ...parseDate(date), ...parseTime(localTime) }, timeZone);
  return formatTime({ hour: instant.getUTCHours(), minute: instant.getUTCMinutes() });
}

/** The local time a UTC time of day names on `date` in `timeZone`: how a client's deprecated `scheduleTime` is read. */
export function toLocalScheduleTime(utcTime: string, date: string, timeZone: string): string {
  const { hour, minute } = parseTime(utcTime);
  const { year, month, day } = parseDate(date);
  // The UTC reading may fall on the day before or after the local date; try the neighbours too.
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

function cronFor(pattern: string, zone: string | number): Cron {
  const key = `${zone} ${pattern}`;
  let cron = parsedPatterns.get(key);
  if (!cron) {
    cron = new Cron(pattern, typeof zone === 'number' ? { utcOffset: zone, paused: true } : { timezone: zone, paused: true });
    if (parsedPatterns.size >= 1_000) parsedPatterns.clear();
    parsedPatterns.set(key, cron);
  }
  return cron;
}

/** The cron patterns a schedule fires on (a monthly on the 29th–31st needs two), or none when it cannot fire. */
function patternsOf(schedule: Schedule, start: { year: number; month: number; day: number }): string[] {
  if (schedule.scheduleType === 'custom') return schedule.customCron ? [schedule.customCron.trim()] : [];
  if (!schedule.localTime) return [];
  const { hour, minute } = parseTime(schedule.localTime);
  switch (schedule.scheduleType) {
    case 'hourly':
      return [`${minute} * * * *`];
    case 'daily':
      return [`${minute} ${hour} * * *`];
    case 'weekly':
      return [`${minute} ${hour} * * ${new Date(Date.UTC(start.year, start.month - 1, start.day)).getUTCDay()}`];
    case 'monthly':
      // Months that have the day fire on it; shorter months fire on their last day.
      return start.day <= 28 ? [`${minute} ${hour} ${start.day} * *`] : [`${minute} ${hour} ${start.day} * *`, `${minute} ${hour} L * *`];
  }
}

/**
 * The next `count` slots strictly after `after`, with their notes when `notes` is set (the engine does not need
 * them): within the schedule's bounds, or, with notes, also those the bounds keep from running, noted why.
 */
export function upcomingSlots(
  schedule: Schedule,
  { after = new Date(), count = 1, notes = false }: { after?: Date; count?: number; notes?: boolean } = {},
): Slot[] {
  return boundedSlots(schedule, { after, count, notes, timeZone: scheduleTimeZone(schedule) }, (from, wanted) =>
    wallSlots(schedule, { after: from, count: wanted, notes }),
  );
}

/**
 * The next `count` wall-time slots strictly after `after`, with their DST notes when `notes` is set. A wall time in a spring-forward gap comes as croner gives it, the first instant after the gap; one that
 * happens twice comes once, at its first. The policies then skip the first kind or add the second occurrence.
 */
function wallSlots(schedule: Schedule, { after, count, notes }: { after: Date; count: number; notes: boolean }): Slot[] {
  const timeZone = scheduleTimeZone(schedule);
  const startDate = schedule.startDate ?? (schedule.scheduleType === 'custom' ? null : todayIn(timeZone, after));
  const start = startDate ? parseDate(startDate) : parseDate(todayIn(timeZone, after));
  const patterns = patternsOf(schedule, start);
  if (!patterns.length) return [];
  const startAt = startDate ? instantOf({ ...start, hour: 0, minute: 0 }, timeZone) : after;
  let from = after.getTime() >= startAt.getTime() ? after : new Date(startAt.getTime() - 1000);
  const skipShifted = schedule.dstGap === 'skip';
  const addRepeats = schedule.dstRepeat === 'both';
  const describe = notes || skipShifted || addRepeats;
  const slots: Slot[] = [];
  // A skipped slot leaves room for another; a schedule whose every slot is skipped ends after a few rounds.
  for (let round = 0; slots.length < count && round < 8; round++) {
    const wanted = count - slots.length;
    const found = nextOccurrences(patterns, timeZone, from, wanted + (skipShifted ? 2 : 0));
    if (!found.length) break;
    for (const at of found) {
      if (!describe || !nearClockChange(at, timeZone)) {
        slots.push({ at });
        continue;
      }
      if (isShifted(patterns, timeZone, at, schedule.scheduleType)) {
        if (!skipShifted) slots.push({ at, note: 'dst_shifted' });
        continue;
      }
      const again = repeatOf(at, timeZone);
      if (again) {
        slots.push({ at, note: 'dst_repeated' });
        if (addRepeats && again.later) slots.push({ at: again.later, note: 'dst_repeated' });
      } else if (isSecondOccurrence(at, timeZone)) {
        slots.push({ at, note: 'dst_repeated' });
      } else {
        slots.push({ at });
      }
    }
    from = found.at(-1) ?? from;
  }
  return dedupe(slots).slice(0, count);
}

function nextOccurrences(patterns: string[], timeZone: string, from: Date, count: number): Date[] {
  if (patterns.length === 1) return zonedRuns(patterns[0] ?? '', timeZone, count, from);
  const [onTheDay = '', onMonthEnds = ''] = patterns;
  const day = Number(onTheDay.split(' ')[2]);
  const shortMonthEnds = zonedRuns(onMonthEnds, timeZone, count, from).filter((instant) => wallTimeAt(instant, timeZone).day < day);
  return [...zonedRuns(onTheDay, timeZone, count, from), ...shortMonthEnds].sort((a, b) => a.getTime() - b.getTime()).slice(0, count);
}

/**
 * The pattern's next `count` runs in the zone, as croner gives them in it. Croner converts every candidate through the
 * zone's formatter, which cost a 50-run preview ~3 ms; between clock changes a zone is a fixed offset, which croner
 * walks in arithmetic, five times faster. A run whose offset is not the one it was found with lies past a change:
 * from the last good run, the zoned walk takes the next few across it, then the fixed walk goes on in the new offset.
 */
function zonedRuns(pattern: string, timeZone: string, count: number, from: Date): Date[] {
  const runs: Date[] = [];
  let after = from;
  while (runs.length < count) {
    const offset = offsetAt(after.getTime(), timeZone) / 60_000;
    // In steps of at most 64: a long list (a year of five-minute runs) meets a change after thousands of runs.
    const found = cronFor(pattern, offset).nextRuns(Math.min(64, count - runs.length), after);
    const changed = found.findIndex((run) => offsetAt(run.getTime(), timeZone) / 60_000 !== offset);
    runs.push(...(changed === -1 ? found : found.slice(0, changed)));
    if (changed === -1) {
      if (found.length === 0) break;
      after = found.at(-1) ?? after;
      continue;
    }
    const lastGood = runs.at(-1) ?? after;
    const gapEnd = skippedGapEnd(pattern, timeZone, offset, lastGood, found[changed] ?? lastGood);
    if (gapEnd) runs.push(gapEnd);
    if (runs.length >= count) break;
    const across = cronFor(pattern, timeZone).nextRuns(Math.min(3, count - runs.length), runs.at(-1) ?? after);
    if (!across.length) break;
    runs.push(...across);
    after = across.at(-1) ?? after;
  }
  return runs;
}

/**
 * Croner moves a wall time that a spring-forward gap swallows to the gap's end (02:30 runs at 03:00), but a pattern
 * naming several minutes in the gap (every 20 minutes of 02:00) loses the whole night. The gap's end, when the pattern names a
 * time within the gap and croner has no run in the hour after it, so the gap policy shifts or skips it like any other.
 */
function skippedGapEnd(pattern: string, timeZone: string, offset: number, lastGood: Date, firstAcross: Date): Date | undefined {
  const gapMinutes = offsetAt(firstAcross.getTime(), timeZone) / 60_000 - offset;
  if (gapMinutes <= 0) return undefined;
  // Clocks change on a minute: search in whole minutes.
  let low = Math.floor(lastGood.getTime() / 60_000);
  let high = Math.ceil(firstAcross.getTime() / 60_000);
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (offsetAt(middle * 60_000, timeZone) / 60_000 === offset) low = middle;
    else high = middle;
  }
  const gapEnd = new Date(high * 60_000);
  const namedInGap = cronFor(pattern, offset).nextRun(new Date(gapEnd.getTime() - 1));
  if (!namedInGap || namedInGap.getTime() >= gapEnd.getTime() + gapMinutes * 60_000) return undefined;
  const croners = cronFor(pattern, timeZone).nextRun(new Date(gapEnd.getTime() - 1));
  return croners && croners.getTime() < gapEnd.getTime() + 60 * 60_000 ? undefined : gapEnd;
}

const offsetAt = (instant: number, timeZone: string) => {
  const wall = wallTimeAt(new Date(instant), timeZone);
  return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute) - Math.floor(instant / 60_000) * 60_000;
};

/** Whether the zone's clocks change within three hours of `at`: only then can a slot be shifted or repeated. */
function nearClockChange(at: Date, timeZone: string): boolean {
  return offsetAt(at.getTime() - 3 * 3_600_000, timeZone) !== offsetAt(at.getTime() + 3 * 3_600_000, timeZone);
}

/** A slot croner moved out of a spring-forward gap: its wall time is not one the schedule names. */
function isShifted(patterns: string[], timeZone: string, at: Date, scheduleType: ScheduleType): boolean {
  // Hourly keeps elapsed time: its next hour after a gap is a slot of its own, not a shifted one.
  if (scheduleType === 'hourly') return false;
  if (patterns.length === 2) return !patterns.some((pattern) => wallMatches(pattern, timeZone, at));
  return !cronFor(patterns[0] ?? '', timeZone).match(at);
}

function wallMatches(pattern: string, timeZone: string, at: Date): boolean {
  const [minute, hour] = pattern.split(' ').map(Number);
  const wall = wallTimeAt(at, timeZone);
  return wall.hour === hour && wall.minute === minute;
}

const sameWallMinute = (a: Date, b: Date, timeZone: string) => {
  const x = wallTimeAt(a, timeZone);
  const y = wallTimeAt(b, timeZone);
  return x.year === y.year && x.month === y.month && x.day === y.day && x.hour === y.hour && x.minute === y.minute;
};

// Clocks go back by an hour, or by 30 minutes on Lord Howe Island.
const repeatLengthsMs = [60 * 60_000, 30 * 60_000];

/** When the wall time at `at` happens again later that night, its second instant. */
function repeatOf(at: Date, timeZone: string): { later: Date } | undefined {
  for (const length of repeatLengthsMs) {
    const later = new Date(at.getTime() + length);
    if (sameWallMinute(at, later, timeZone)) return { later };
  }
  return undefined;
}

function isSecondOccurrence(at: Date, timeZone: string): boolean {
  return repeatLengthsMs.some((length) => sameWallMinute(at, new Date(at.getTime() - length), timeZone));
}

function dedupe(slots: Slot[]): Slot[] {
  const seen = new Set<number>();
  return slots
    .sort((a, b) => a.at.getTime() - b.at.getTime())
    .filter(({ at }) => (seen.has(at.getTime()) ? false : (seen.add(at.getTime()), true)));
}

/** The next `count` fire times strictly after `after`. */
export function nextFireTimes(schedule: Schedule, { after = new Date(), count = 1 }: { after?: Date; count?: number } = {}): Date[] {
  return upcomingSlots(schedule, { after, count }).map((slot) => slot.at);
}

/** The first fire time after `after`, or null when the schedule never fires. */
export function nextFireTime(schedule: Schedule, after = new Date()): Date | null {
  return nextFireTimes(schedule, { after, count: 1 })[0] ?? null;
}
