import { describe, expect, it } from 'vitest';
import { wallTimeAt } from '../time/zoned-time';
import { nextFireTimes, toLocalScheduleTime, toUtcScheduleTime, type Schedule } from './schedule';

const iso = (dates: Date[]) => dates.map((date) => date.toISOString());
const local = (dates: Date[], timeZone: string) =>
  dates.map((date) => {
    const wall = wallTimeAt(date, timeZone);
    return `${wall.year}-${String(wall.month).padStart(2, '0')}-${String(wall.day).padStart(2, '0')} ${String(wall.hour).padStart(2, '0')}:${String(wall.minute).padStart(2, '0')}`;
  });

function daily(timeZone: string, localTime: string, startDate: string): Schedule {
  return { scheduleType: 'daily', localTime, startDate, timezone: timeZone };
}

describe('the deprecated UTC schedule time and the local time', () => {
  it('stores 09:00 Berlin in winter as 08:00 UTC and in summer as 07:00 UTC, and reads both back as 09:00', () => {
    expect(toUtcScheduleTime('09:00', '2026-01-15', 'Europe/Berlin')).toBe('08:00');
    expect(toUtcScheduleTime('09:00', '2026-07-15', 'Europe/Berlin')).toBe('07:00');
    expect(toLocalScheduleTime('08:00', '2026-01-15', 'Europe/Berlin')).toBe('09:00');
    expect(toLocalScheduleTime('07:00', '2026-07-15', 'Europe/Berlin')).toBe('09:00');
  });

  it('handles a local time whose UTC reading falls on another day', () => {
    expect(toUtcScheduleTime('23:30', '2026-03-01', 'America/New_York')).toBe('04:30');
    expect(toLocalScheduleTime('04:30', '2026-03-01', 'America/New_York')).toBe('23:30');
    expect(toUtcScheduleTime('00:15', '2026-03-01', 'Asia/Tokyo')).toBe('15:15');
    expect(toLocalScheduleTime('15:15', '2026-03-01', 'Asia/Tokyo')).toBe('00:15');
  });
});

describe('next fire times', () => {
  it('keeps a daily 09:00 Europe/Berlin task at 09:00 local across the spring and autumn DST changes', () => {
    const schedule = daily('Europe/Berlin', '09:00', '2026-03-27');
    const spring = nextFireTimes(schedule, { after: new Date('2026-03-27T12:00:00Z'), count: 3 });
    expect(local(spring, 'Europe/Berlin')).toEqual(['2026-03-28 09:00', '2026-03-29 09:00', '2026-03-30 09:00']);
    expect(iso(spring)).toEqual(['2026-03-28T08:00:00.000Z', '2026-03-29T07:00:00.000Z', '2026-03-30T07:00:00.000Z']);
    const autumn = nextFireTimes(schedule, { after: new Date('2026-10-24T12:00:00Z'), count: 2 });
    expect(iso(autumn)).toEqual(['2026-10-25T08:00:00.000Z', '2026-10-26T08:00:00.000Z']);
  });

  it('keeps a daily 09:00 America/New_York task at 09:00 local across both DST changes', () => {
    const schedule = daily('America/New_York', '09:00', '2026-01-10');
    expect(iso(nextFireTimes(schedule, { after: new Date('2026-03-07T15:00:00Z'), count: 2 }))).toEqual([
      '2026-03-08T13:00:00.000Z',
      '2026-03-09T13:00:00.000Z',
    ]);
    expect(iso(nextFireTimes(schedule, { after: new Date('2026-10-31T15:00:00Z'), count: 2 }))).toEqual([
      '2026-11-01T14:00:00.000Z',
      '2026-11-02T14:00:00.000Z',
    ]);
  });

  it('fires hourly at the minute of its time, from the start date on', () => {
    const schedule: Schedule = { scheduleType: 'hourly', localTime: '10:15', startDate: '2026-05-01', timezone: 'UTC' };
    expect(iso(nextFireTimes(schedule, { after: new Date('2026-04-20T00:00:00Z'), count: 2 }))).toEqual([
      '2026-05-01T00:15:00.000Z',
      '2026-05-01T01:15:00.000Z',
    ]);
    expect(iso(nextFireTimes(schedule, { after: new Date('2026-05-02T07:20:00Z'), count: 1 }))).toEqual(['2026-05-02T08:15:00.000Z']);
  });

  it('fires weekly on the weekday of the start date', () => {
    // 2026-06-03 is a Wednesday.
    const schedule: Schedule = {
      scheduleType: 'weekly',
      localTime: '07:30',
      startDate: '2026-06-03',
      timezone: 'Europe/Berlin',
    };
    const fires = nextFireTimes(schedule, { after: new Date('2026-06-01T00:00:00Z'), count: 3 });
    expect(local(fires, 'Europe/Berlin')).toEqual(['2026-06-03 07:30', '2026-06-10 07:30', '2026-06-17 07:30']);
  });

  it('fires monthly on the day of the start date, and a 31st on the last day of shorter months', () => {
    const fifteenth: Schedule = { scheduleType: 'monthly', localTime: '12:00', startDate: '2026-01-15', timezone: 'UTC' };
    expect(iso(nextFireTimes(fifteenth, { after: new Date('2026-01-01T00:00:00Z'), count: 2 }))).toEqual([
      '2026-01-15T12:00:00.000Z',
      '2026-02-15T12:00:00.000Z',
    ]);
    const thirtyFirst: Schedule = { scheduleType: 'monthly', localTime: '18:00', startDate: '2026-01-31', timezone: 'UTC' };
    expect(iso(nextFireTimes(thirtyFirst, { after: new Date('2026-01-01T00:00:00Z'), count: 5 }))).toEqual([
      '2026-01-31T18:00:00.000Z',
      '2026-02-28T18:00:00.000Z',
      '2026-03-31T18:00:00.000Z',
      '2026-04-30T18:00:00.000Z',
      '2026-05-31T18:00:00.000Z',
    ]);
    const thirtieth: Schedule = { scheduleType: 'monthly', localTime: '08:00', startDate: '2026-01-30', timezone: 'UTC' };
    expect(iso(nextFireTimes(thirtieth, { after: new Date('2026-01-31T00:00:00Z'), count: 3 }))).toEqual([
      '2026-02-28T08:00:00.000Z',
      '2026-03-30T08:00:00.000Z',
      '2026-04-30T08:00:00.000Z',
    ]);
  });

  it('reads a custom cron in its cron zone, and in the task zone when it has none', () => {
    const schedule: Schedule = { scheduleType: 'custom', customCron: '0 9 * * 1-5', cronTimezone: 'UTC', timezone: 'America/Los_Angeles' };
    // 2026-11-20 is a Friday.
    expect(iso(nextFireTimes(schedule, { after: new Date('2026-11-20T10:00:00Z'), count: 2 }))).toEqual([
      '2026-11-23T09:00:00.000Z',
      '2026-11-24T09:00:00.000Z',
    ]);
    expect(iso(nextFireTimes({ ...schedule, cronTimezone: null }, { after: new Date('2026-11-20T10:00:00Z'), count: 1 }))).toEqual([
      '2026-11-20T17:00:00.000Z',
    ]);
  });

  it('starts a custom cron on its start date, read in the cron zone', () => {
    const schedule: Schedule = {
      scheduleType: 'custom',
      customCron: '@daily',
      cronTimezone: 'Asia/Kolkata',
      startDate: '2027-01-10',
      timezone: 'UTC',
    };
    expect(local(nextFireTimes(schedule, { after: new Date('2026-12-06T00:00:00Z'), count: 2 }), 'Asia/Kolkata')).toEqual([
      '2027-01-10 00:00',
      '2027-01-11 00:00',
    ]);
  });
});
