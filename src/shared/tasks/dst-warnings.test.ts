import { describe, expect, it } from 'vitest';
import { dstWarnings, dstWarningText } from './dst-warnings';
import { upcomingSlots, type Schedule } from './schedule';

// A December evening: the next spring-forward and fall-back changes of both zones lie within the year ahead.
const after = new Date('2026-12-06T23:00:00Z');

const texts = (schedule: Schedule, at = after) => dstWarnings(schedule, { after: at }).map((warning) => dstWarningText(warning, schedule));

describe('daylight-saving warnings of the task form (ADR 0116)', () => {
  it('names the day a New York cron time does not exist, and what each gap policy does', () => {
    const cron: Schedule = { scheduleType: 'custom', customCron: '30 2 * * *', timezone: 'UTC', cronTimezone: 'America/New_York' };
    expect(texts(cron)).toEqual(['On Sun, Mar 14, 2027 02:30 does not exist in America/New_York (clocks go forward): it runs at 03:00.']);
    expect(texts({ ...cron, dstGap: 'skip' })).toEqual([
      'On Sun, Mar 14, 2027 02:30 does not exist in America/New_York (clocks go forward): that day is skipped.',
    ]);
    expect(dstWarnings(cron, { after })).toEqual([
      { kind: 'gap', day: 'Sun, Mar 14, 2027', times: ['02:30'], timeZone: 'America/New_York', shiftedTo: '03:00' },
    ]);
  });

  it('runs a cron naming several minutes of the missing hour once at its end, or skips that day, and says so', () => {
    const cron: Schedule = { scheduleType: 'custom', customCron: '*/20 2 * * *', timezone: 'America/New_York' };
    expect(texts(cron)).toEqual([
      'On Sun, Mar 14, 2027 02:00, 02:20 and 02:40 do not exist in America/New_York (clocks go forward): it runs at 03:00.',
    ]);
    const night = { after: new Date('2027-03-14T04:00:00Z'), count: 2, notes: true };
    expect(upcomingSlots(cron, night)).toEqual([
      { at: new Date('2027-03-14T07:00:00Z'), note: 'dst_shifted' },
      { at: new Date('2027-03-15T06:00:00Z') },
    ]);
    expect(upcomingSlots({ ...cron, dstGap: 'skip' }, night)).toEqual([
      { at: new Date('2027-03-15T06:00:00Z') },
      { at: new Date('2027-03-15T06:20:00Z') },
    ]);
    // Every 20 minutes of the day keeps elapsed time: 01:40 is followed by 03:00, as croner gives it, with no extra run.
    const frequent = upcomingSlots({ ...cron, customCron: '*/20 * * * *' }, { after: new Date('2027-03-14T06:30:00Z'), count: 3 });
    expect(frequent.map((slot) => slot.at.toISOString())).toEqual([
      '2027-03-14T06:40:00.000Z',
      '2027-03-14T07:00:00.000Z',
      '2027-03-14T07:20:00.000Z',
    ]);
  });

  it('names the day a New York local time happens twice, and what each repeat policy does', () => {
    const daily: Schedule = { scheduleType: 'daily', localTime: '01:30', timezone: 'America/New_York' };
    expect(texts(daily)).toEqual([
      'On Sun, Nov 7, 2027 01:30 happens twice in America/New_York (clocks go back): it runs once, at the first.',
    ]);
    expect(texts({ ...daily, dstRepeat: 'both' })).toEqual([
      'On Sun, Nov 7, 2027 01:30 happens twice in America/New_York (clocks go back): it runs at both.',
    ]);
  });

  it('warns of both changes in Berlin, where clocks change at 02:00 and 03:00', () => {
    expect(texts({ scheduleType: 'daily', localTime: '02:30', timezone: 'Europe/Berlin' })).toEqual([
      'On Sun, Mar 28, 2027 02:30 does not exist in Europe/Berlin (clocks go forward): it runs at 03:00.',
      'On Sun, Oct 31, 2027 02:30 happens twice in Europe/Berlin (clocks go back): it runs once, at the first.',
    ]);
    // A monthly on the 28th meets only the spring change; a weekly on Sundays both.
    expect(texts({ scheduleType: 'monthly', localTime: '02:30', startDate: '2027-01-28', timezone: 'Europe/Berlin' })).toEqual([
      'On Sun, Mar 28, 2027 02:30 does not exist in Europe/Berlin (clocks go forward): it runs at 03:00.',
    ]);
    expect(
      texts({
        scheduleType: 'weekly',
        localTime: '02:30',
        startDate: '2026-12-13',
        timezone: 'Europe/Berlin',
        dstGap: 'skip',
        dstRepeat: 'both',
      }),
    ).toEqual([
      'On Sun, Mar 28, 2027 02:30 does not exist in Europe/Berlin (clocks go forward): that day is skipped.',
      'On Sun, Oct 31, 2027 02:30 happens twice in Europe/Berlin (clocks go back): it runs at both.',
    ]);
    // A weekly on Mondays never meets a change.
    expect(texts({ scheduleType: 'weekly', localTime: '02:30', startDate: '2026-12-07', timezone: 'Europe/Berlin' })).toEqual([]);
  });

  it('lists the times of a frequent cron that happen twice, runs them in both passes, and keeps a minute cron cheap', () => {
    const quarterly: Schedule = { scheduleType: 'custom', customCron: '*/15 * * * *', timezone: 'Europe/Berlin' };
    expect(texts(quarterly)).toEqual([
      'On Sun, Oct 31, 2027 02:00, 02:15, 02:30 and 02:45 happen twice in Europe/Berlin (clocks go back): it runs at both, as a schedule that runs every hour or more often keeps elapsed time.',
    ]);
    // What the warning says is what the schedule does: both passes of the repeated hour, under the default policy.
    const repeatedHour = upcomingSlots(quarterly, { after: new Date('2027-10-30T23:50:00Z'), count: 8, notes: true });
    expect(repeatedHour.map((slot) => [slot.at.toISOString().slice(11, 16), slot.note])).toEqual(
      ['00:00', '00:15', '00:30', '00:45', '01:00', '01:15', '01:30', '01:45'].map((utc) => [utc, 'dst_repeated']),
    );
    expect(texts({ ...quarterly, customCron: '0 * * * *' })).toEqual([
      'On Sun, Oct 31, 2027 02:00 happens twice in Europe/Berlin (clocks go back): it runs at both, as a schedule that runs every hour or more often keeps elapsed time.',
    ]);
    const started = performance.now();
    expect(texts({ scheduleType: 'custom', customCron: '* * * * *', timezone: 'Europe/Berlin' })).toEqual([
      'On Sun, Oct 31, 2027 02:00 to 02:59 happen twice in Europe/Berlin (clocks go back): it runs at both, as a schedule that runs every hour or more often keeps elapsed time.',
    ]);
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('says nothing for a time clear of the changes, for hourly schedules, in zones without DST, or beyond a year', () => {
    expect(texts({ scheduleType: 'daily', localTime: '09:00', timezone: 'America/New_York' })).toEqual([]);
    expect(texts({ scheduleType: 'hourly', localTime: '02:30', timezone: 'America/New_York' })).toEqual([]);
    expect(texts({ scheduleType: 'daily', localTime: '02:30', timezone: 'Asia/Kolkata' })).toEqual([]);
    // Read in UTC, a cron meets no change, whatever the task's zone.
    expect(texts({ scheduleType: 'custom', customCron: '30 2 * * *', timezone: 'America/New_York', cronTimezone: 'UTC' })).toEqual([]);
    // The next spring change must lie within 366 days: from 2026-03-09 it does not (2027-03-14), from 2026-03-14 it does.
    const gapTime: Schedule = { scheduleType: 'daily', localTime: '02:30', timezone: 'America/New_York' };
    expect(texts(gapTime, new Date('2026-03-09T12:00:00Z'))).toEqual([]);
    expect(texts(gapTime, new Date('2026-03-14T12:00:00Z'))).toEqual([
      'On Sun, Mar 14, 2027 02:30 does not exist in America/New_York (clocks go forward): it runs at 03:00.',
    ]);
    // A task starting later is warned of its own first year.
    expect(texts({ ...gapTime, startDate: '2028-03-01' })).toEqual([
      'On Sun, Mar 12, 2028 02:30 does not exist in America/New_York (clocks go forward): it runs at 03:00.',
    ]);
    // Nothing before the start date: a cron starting after the spring change warns of the autumn one only.
    expect(texts({ scheduleType: 'custom', customCron: '30 1 * * *', startDate: '2027-03-15', timezone: 'America/New_York' })).toEqual([
      'On Sun, Nov 7, 2027 01:30 happens twice in America/New_York (clocks go back): it runs once, at the first.',
    ]);
  });
});
