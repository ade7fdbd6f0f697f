import { CronExpressionParser } from 'cron-parser';
import { describe, expect, it } from 'vitest';
import { formatDate, instantOf, parseDate, wallTimeAt } from '../time/zoned-time';
import { upcomingSlots, type DstGapPolicy, type DstRepeatPolicy, type Schedule, type Slot } from './schedule';
import type { ScheduleType } from './task.schema';

/*
 * A whole year of every schedule type in four zones (ADR 0116), against cron-parser, an independent cron library,
 * evaluated in the same zone: on every ordinary day both give the same instants. On a day the clocks change the two
 * libraries disagree with each other (cron-parser moves a time in the gap by the gap's length, and fails on Lord
 * Howe's 30-minute shift), so those days are checked against the task's DST policy instead.
 */

const year = 2027;
const zones = [
  // The gap is 02:00–03:00 in March, the repeat 01:00–02:00 in November.
  { zone: 'America/New_York', gapTime: '02:30', repeatTime: '01:30', afterGap: '03:00' },
  // 02:00–03:00 both ways.
  { zone: 'Europe/Berlin', gapTime: '02:30', repeatTime: '02:30', afterGap: '03:00' },
  // Half an hour: 02:00–02:30 in October, 01:30–02:00 in April.
  { zone: 'Australia/Lord_Howe', gapTime: '02:15', repeatTime: '01:45', afterGap: '02:30' },
  // No daylight saving at all.
  { zone: 'Asia/Kolkata', gapTime: '02:30', repeatTime: '01:30', afterGap: '' },
];
const types: ScheduleType[] = ['hourly', 'daily', 'weekly', 'monthly', 'custom'];
// 2027-01-03 is a Sunday, as every change day of these zones is; the 14th is New York's spring-forward day in March.
const startDates: Record<ScheduleType, string> = {
  hourly: '2027-01-01',
  daily: '2027-01-01',
  weekly: '2027-01-03',
  monthly: '2027-01-14',
  custom: '2027-01-01',
};

const pad = (value: number) => String(value).padStart(2, '0');
const localDate = (at: Date, zone: string) => formatDate(wallTimeAt(at, zone));
const localClock = (at: Date, zone: string) => {
  const wall = wallTimeAt(at, zone);
  return `${pad(wall.hour)}:${pad(wall.minute)}`;
};

function cronOf(type: ScheduleType, time: string): string {
  const [hour, minute] = time.split(':').map(Number);
  if (type === 'hourly') return `${minute} * * * *`;
  if (type === 'weekly') return `${minute} ${hour} * * 0`;
  if (type === 'monthly') return `${minute} ${hour} 14 * *`;
  return `${minute} ${hour} * * *`;
}

function scheduleOf(type: ScheduleType, zone: string, time: string, dstGap: DstGapPolicy, dstRepeat: DstRepeatPolicy): Schedule {
  const common = { startDate: startDates[type], timezone: zone, dstGap, dstRepeat };
  if (type === 'custom')
    return { ...common, scheduleType: 'custom', customCron: cronOf('daily', time), cronTimezone: zone, timezone: 'UTC' };
  return { ...common, scheduleType: type, localTime: time };
}

function days(zone: string): { date: string; start: Date; end: Date; changes: boolean }[] {
  const result = [];
  for (let day = new Date(Date.UTC(year, 0, 1)); day.getUTCFullYear() === year; day = new Date(day.getTime() + 86_400_000)) {
    const { year: y, month, day: d } = parseDate(day.toISOString().slice(0, 10));
    const start = instantOf({ year: y, month, day: d, hour: 0, minute: 0 }, zone);
    const end = instantOf({ year: y, month, day: d + 1, hour: 0, minute: 0 }, zone);
    result.push({ date: day.toISOString().slice(0, 10), start, end, changes: end.getTime() - start.getTime() !== 86_400_000 });
  }
  return result;
}

function yearOfSlots(schedule: Schedule, zone: string): Map<string, Slot[]> {
  const from = instantOf({ year, month: 1, day: 1, hour: 0, minute: 0 }, zone);
  const slots = upcomingSlots(schedule, { after: new Date(from.getTime() - 1), count: 9_000, notes: true });
  const byDay = new Map<string, Slot[]>();
  for (const slot of slots) {
    const date = localDate(slot.at, zone);
    if (!date.startsWith(String(year))) continue;
    byDay.set(date, [...(byDay.get(date) ?? []), slot]);
  }
  return byDay;
}

/**
 * The reference's instants on the ordinary days, read in stretches between change days: cron-parser is asked only
 * about days it agrees on what they are.
 */
function referenceYear(pattern: string, zone: string, calendar: ReturnType<typeof days>): Map<string, string[]> {
  const byDay = new Map<string, string[]>();
  let stretch: ReturnType<typeof days> = [];
  const read = () => {
    const [first] = stretch;
    const last = stretch.at(-1);
    if (!first || !last) return;
    const expression = CronExpressionParser.parse(pattern, {
      tz: zone,
      currentDate: new Date(first.start.getTime() - 1),
      endDate: last.end,
    });
    while (expression.hasNext()) {
      const at = expression.next().toDate();
      if (at.getTime() >= last.end.getTime()) break;
      const date = localDate(at, zone);
      byDay.set(date, [...(byDay.get(date) ?? []), at.toISOString()]);
    }
    stretch = [];
  };
  for (const day of calendar) {
    if (day.changes) read();
    else stretch.push(day);
  }
  read();
  return byDay;
}

describe.each(zones)('a year of schedules in $zone', { timeout: 60_000 }, ({ zone, gapTime, repeatTime, afterGap }) => {
  const calendar = days(zone);

  it.each(types)('%s: every ordinary day as the reference cron library has it, both DST policies alike', (type) => {
    // Hourly reads only the minute.
    for (const time of new Set(type === 'hourly' ? [gapTime] : [gapTime, repeatTime])) {
      const policies: [DstGapPolicy, DstRepeatPolicy][] = [
        ['shift', 'first'],
        ['skip', 'both'],
      ];
      const reference = referenceYear(cronOf(type, time), zone, calendar);
      for (const [dstGap, dstRepeat] of policies) {
        const byDay = yearOfSlots(scheduleOf(type, zone, time, dstGap, dstRepeat), zone);
        for (const { date, changes } of calendar) {
          if (changes) continue;
          const ours = (byDay.get(date) ?? []).map((slot) => slot.at.toISOString());
          expect({ date, time, ours }).toEqual({ date, time, ours: reference.get(date) ?? [] });
        }
      }
    }
  });

  const changeDays = calendar.filter((day) => day.changes);
  if (changeDays.length === 0) return;

  it.each(types.filter((type) => type !== 'hourly'))('%s: a time in the gap runs at the first minute after it, or not that day', (type) => {
    const shifted = yearOfSlots(scheduleOf(type, zone, gapTime, 'shift', 'first'), zone);
    const skipped = yearOfSlots(scheduleOf(type, zone, gapTime, 'skip', 'first'), zone);
    const springDays = changeDays.filter((day) => day.end.getTime() - day.start.getTime() < 86_400_000);
    for (const { date } of springDays) {
      const slots = shifted.get(date);
      if (!slots) continue; // The schedule does not fire that day (a monthly on another day).
      expect(slots.map((slot) => [localClock(slot.at, zone), slot.note])).toEqual([[afterGap, 'dst_shifted']]);
      expect(skipped.get(date)).toBeUndefined();
    }
    expect(springDays.some(({ date }) => shifted.has(date)) || type === 'monthly').toBe(true);
  });

  it.each(types.filter((type) => type !== 'hourly'))('%s: a time that happens twice runs at the first, or at both', (type) => {
    const first = yearOfSlots(scheduleOf(type, zone, repeatTime, 'shift', 'first'), zone);
    const both = yearOfSlots(scheduleOf(type, zone, repeatTime, 'shift', 'both'), zone);
    for (const { date, start, end } of changeDays.filter((day) => day.end.getTime() - day.start.getTime() > 86_400_000)) {
      const once = first.get(date);
      if (!once) continue;
      const twice = both.get(date) ?? [];
      expect(once.map((slot) => [localClock(slot.at, zone), slot.note])).toEqual([[repeatTime, 'dst_repeated']]);
      expect(twice.map((slot) => [localClock(slot.at, zone), slot.note])).toEqual([
        [repeatTime, 'dst_repeated'],
        [repeatTime, 'dst_repeated'],
      ]);
      // The first is the earlier instant; the second comes as much later as the clocks went back.
      expect(once[0]?.at).toEqual(twice[0]?.at);
      const shift = end.getTime() - start.getTime() - 86_400_000;
      expect((twice[1]?.at.getTime() ?? 0) - (twice[0]?.at.getTime() ?? 0)).toBe(shift);
    }
  });

  it('hourly keeps the minute of every local hour through both changes, each instant once', () => {
    for (const [dstGap, dstRepeat] of [
      ['shift', 'first'],
      ['skip', 'both'],
    ] as const) {
      for (const { date, start, end } of changeDays) {
        const slots = upcomingSlots(scheduleOf('hourly', zone, '00:15', dstGap, dstRepeat), {
          after: new Date(start.getTime() - 1),
          count: 30,
          notes: true,
        }).filter((slot) => slot.at.getTime() < end.getTime());
        expect(slots.every((slot) => localDate(slot.at, zone) === date)).toBe(true);
        expect(slots.every((slot) => wallTimeAt(slot.at, zone).minute === 15)).toBe(true);
        expect(new Set(slots.map((slot) => slot.at.getTime())).size).toBe(slots.length);
        expect(slots.length).toBeGreaterThanOrEqual(23);
      }
    }
  });
});

describe('the change-day defect', () => {
  it('keeps 02:30 for a daily task that starts on the spring-forward day, in New York and in Berlin', () => {
    for (const [zone, startDate] of [
      ['America/New_York', '2027-03-14'],
      ['Europe/Berlin', '2027-03-28'],
    ] as const) {
      const slots = upcomingSlots(
        { scheduleType: 'daily', localTime: '02:30', startDate, timezone: zone },
        { after: new Date(`${startDate}T00:00:00Z`), count: 4 },
      );
      // The start day has no 02:30: it runs at 03:00; every day after at 02:30, not 01:30 or 03:30.
      expect(slots.map((slot) => `${localDate(slot.at, zone)} ${localClock(slot.at, zone)}`).slice(1)).toEqual(
        [1, 2, 3].map((offset) => {
          const day = new Date(Date.parse(`${startDate}T12:00:00Z`) + offset * 86_400_000);
          return `${day.toISOString().slice(0, 10)} 02:30`;
        }),
      );
    }
  });
});
