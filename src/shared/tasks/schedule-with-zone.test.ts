import { describe, expect, it } from 'vitest';
import { scheduleWithZone, zoneAbbreviation } from './schedule-with-zone';

const winter = new Date('2026-01-15T12:00:00Z');

describe('scheduleWithZone', () => {
  it('shows the local time with the zone abbreviation', () => {
    expect(
      scheduleWithZone({ scheduleType: 'daily', scheduleTime: '08:00', startDate: '2026-01-10', timezone: 'Europe/Berlin' }, winter),
    ).toBe('daily at 09:00 CET');
    expect(
      scheduleWithZone({ scheduleType: 'weekly', scheduleTime: '14:30', startDate: '2026-01-10', timezone: 'America/New_York' }, winter),
    ).toBe('weekly at 09:30 EST');
    expect(scheduleWithZone({ scheduleType: 'hourly', scheduleTime: '09:15', startDate: '2026-01-10', timezone: 'UTC' }, winter)).toBe(
      'hourly at 09:15 UTC',
    );
  });

  it('shows the cron text, or "scheduled time" without a time', () => {
    expect(scheduleWithZone({ scheduleType: 'custom', customCron: '*/5 * * * *', timezone: 'UTC' })).toBe('*/5 * * * *');
    expect(scheduleWithZone({ scheduleType: 'monthly', scheduleTime: null, timezone: 'UTC' })).toBe('monthly at scheduled time');
  });

  it('falls back to the offset where no abbreviation exists', () => {
    expect(zoneAbbreviation('Asia/Kathmandu', winter)).toBe('GMT+5:45');
  });
});
