import { describe, expect, it } from 'vitest';
import { upcomingSlots, type Schedule } from './schedule';

const daily: Schedule = { scheduleType: 'daily', localTime: '09:00', startDate: '2027-03-01', timezone: 'Europe/Berlin' };
const after = new Date('2027-03-01T00:00:00Z');
const listed = (schedule: Schedule, notes: boolean, count = 5) =>
  upcomingSlots(schedule, { after, count, notes }).map(({ at, note }) => `${at.toISOString()}${note ? ` ${note}` : ''}`);

describe('a schedule within its bounds (ADR 0118)', () => {
  it('lists the first slot after the end date with its note and stops; the scheduler gets none past it', () => {
    const ending = { ...daily, endDate: '2027-03-02' };
    expect(listed(ending, true)).toEqual(['2027-03-01T08:00:00.000Z', '2027-03-02T08:00:00.000Z', '2027-03-03T08:00:00.000Z after_end']);
    expect(listed(ending, false)).toEqual(['2027-03-01T08:00:00.000Z', '2027-03-02T08:00:00.000Z']);
  });

  it('reads the end date in the schedule’s zone: 00:30 in Tokyo on the end date still runs', () => {
    const tokyo: Schedule = {
      scheduleType: 'daily',
      localTime: '00:30',
      startDate: '2027-03-01',
      timezone: 'Asia/Tokyo',
      endDate: '2027-03-02',
    };
    // 2027-03-02 00:30 in Tokyo is 2027-03-01 15:30 UTC; 2027-03-03 00:30 is past the end date.
    expect(listed(tokyo, false)).toEqual(['2027-03-01T15:30:00.000Z']);
  });

  it('notes a slot on a skip date (a local date) and leaves it out for the scheduler', () => {
    const skipping = { ...daily, skipDates: ['2027-03-02', '2027-03-04'] };
    expect(listed(skipping, true, 4)).toEqual([
      '2027-03-01T08:00:00.000Z',
      '2027-03-02T08:00:00.000Z skipped_date',
      '2027-03-03T08:00:00.000Z',
      '2027-03-04T08:00:00.000Z skipped_date',
    ]);
    expect(listed(skipping, false, 3)).toEqual(['2027-03-01T08:00:00.000Z', '2027-03-03T08:00:00.000Z', '2027-03-05T08:00:00.000Z']);
  });

  it('notes slots before the pause ends, and runs the first one at or after it', () => {
    const paused = { ...daily, pausedUntil: new Date('2027-03-03T08:00:00Z') };
    expect(listed(paused, true, 3)).toEqual([
      '2027-03-01T08:00:00.000Z paused_until',
      '2027-03-02T08:00:00.000Z paused_until',
      '2027-03-03T08:00:00.000Z',
    ]);
    expect(listed(paused, false, 2)).toEqual(['2027-03-03T08:00:00.000Z', '2027-03-04T08:00:00.000Z']);
  });

  it('skips an hourly schedule’s whole skipped days, far more slots than were asked for', () => {
    const skipDates = Array.from({ length: 60 }, (_, day) => new Date(Date.UTC(2027, 2, 1 + day)).toISOString().slice(0, 10));
    const hourly: Schedule = { scheduleType: 'hourly', localTime: '00:15', startDate: '2027-03-01', timezone: 'UTC', skipDates };
    expect(listed(hourly, false, 1)).toEqual(['2027-04-30T00:15:00.000Z']);
  });

  it('has no next slot when every slot left is past the end date', () => {
    expect(listed({ ...daily, endDate: '2027-02-28' }, false)).toEqual([]);
  });
});
