import { describe, expect, it } from 'vitest';
import { describeSchedule } from './describe-schedule';

const winter = new Date('2026-01-15T12:00:00Z');

describe('describeSchedule', () => {
  it('says when the task fires, in its own zone', () => {
    // 2026-01-12 is a Monday.
    const berlin = { startDate: '2026-01-12', timezone: 'Europe/Berlin' };
    expect(describeSchedule({ scheduleType: 'hourly', localTime: '10:15', ...berlin })).toBe('Hourly at :15');
    expect(describeSchedule({ scheduleType: 'daily', localTime: '09:00', ...berlin })).toBe('Daily at 09:00');
    expect(describeSchedule({ scheduleType: 'weekly', localTime: '09:00', ...berlin })).toBe('Weekly on Monday at 09:00');
    expect(describeSchedule({ scheduleType: 'monthly', localTime: '09:00', ...berlin })).toBe('Monthly on the 12th at 09:00');
    expect(describeSchedule({ scheduleType: 'custom', customCron: '*/5 * * * *', timezone: 'UTC' })).toBe('*/5 * * * * (UTC)');
    expect(describeSchedule({ scheduleType: 'monthly', localTime: null, timezone: 'UTC' })).toBe('Monthly at scheduled time');
  });

  it('names the zone for a reader elsewhere, such as an administrator', () => {
    const newYork = { startDate: '2026-01-12', timezone: 'America/New_York', localTime: '09:30' };
    expect(describeSchedule({ scheduleType: 'weekly', ...newYork }, { zoneAt: winter })).toBe('Weekly on Monday at 09:30 EST');
    expect(describeSchedule({ scheduleType: 'hourly', ...newYork }, { zoneAt: winter })).toBe('Hourly at :30 EST');
    expect(
      describeSchedule(
        { scheduleType: 'daily', localTime: '08:45', startDate: '2026-01-12', timezone: 'Asia/Kathmandu' },
        { zoneAt: winter },
      ),
    ).toBe('Daily at 08:45 GMT+5:45');
    // A cron names the zone it is read in, whoever reads it.
    expect(describeSchedule({ scheduleType: 'custom', customCron: '0 9 * * 1', timezone: 'Europe/Berlin' }, { zoneAt: winter })).toBe(
      '0 9 * * 1 (Europe/Berlin)',
    );
  });
});
