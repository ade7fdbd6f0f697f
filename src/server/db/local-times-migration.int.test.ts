import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useDatabaseBefore } from '#test/database-before-migration';
import { testLogger } from '#test/database';
import { seedUser } from '#test/seed';
import { nextFireTimes, toLocalScheduleTime } from '#shared/tasks/schedule';
import { todayIn } from '#shared/time/zoned-time';
import { migrateDatabase } from '../migrate';

/**
 * Migration 0032 (ADR 0116) on a database as it was before it: each simple task's UTC time becomes the local time
 * every reader took it for, so no task moves a slot it fires on; custom crons keep reading UTC.
 */
const migration = '0032_local_times';
const database = useDatabaseBefore(migration);

const seeds = [
  // A winter start: 08:00 UTC was 09:00 in Berlin; a summer start: 07:00 UTC was 09:00 too.
  { type: 'daily', time: '08:00', startDate: '2026-01-15', zone: 'Europe/Berlin', local: '09:00' },
  { type: 'weekly', time: '07:00', startDate: '2026-07-15', zone: 'Europe/Berlin', local: '09:00' },
  // The UTC reading on the next day: 04:30 UTC is 23:30 the evening before in New York.
  { type: 'monthly', time: '04:30', startDate: '2026-03-01', zone: 'America/New_York', local: '23:30' },
  { type: 'daily', time: '15:15', startDate: '2026-03-01', zone: 'Asia/Tokyo', local: '00:15' },
  { type: 'hourly', time: '10:45', startDate: '2026-05-01', zone: 'Asia/Kolkata', local: '16:15' },
  // No start date: read on today's date, as the readers did.
  {
    type: 'daily',
    time: '06:00',
    startDate: null,
    zone: 'Europe/Berlin',
    local: toLocalScheduleTime('06:00', todayIn('Europe/Berlin'), 'Europe/Berlin'),
  },
] as const;

describe('migration 0032', () => {
  it('stores each simple task’s local time as the readers took it, moving no slot, and keeps custom crons in UTC', async () => {
    const connection = database();
    const { db } = connection;
    const owner = await seedUser(db);
    const ids: string[] = [];
    // Plain SQL: the schema of today has columns this database does not have yet.
    for (const seed of seeds) {
      const { rows } = await db.execute<{ id: string }>(sql`
        insert into tasks (user_id, name, provider, model, schedule_type, schedule_time, start_date, timezone, prompt, delivery_method, delivery_config, webhook_secret)
        values (${owner.id}, 'Before 0032', 'openai', 'gpt-5-nano', ${seed.type}, ${seed.time}, ${seed.startDate}, ${seed.zone},
          '{"input":"x","temperature":1,"searchEnabled":false}'::jsonb, 'email', '{"email":"a@example.com"}', 'whsec_x')
        returning id`);
      ids.push(rows[0]?.id ?? '');
    }
    const { rows: cron } = await db.execute<{ id: string }>(sql`
      insert into tasks (user_id, name, provider, model, schedule_type, timezone, custom_cron, prompt, delivery_method, delivery_config, webhook_secret)
      values (${owner.id}, 'Cron before 0032', 'openai', 'gpt-5-nano', 'custom', 'America/Los_Angeles', '0 9 * * 1-5',
        '{"input":"x","temperature":1,"searchEnabled":false}'::jsonb, 'email', '{"email":"a@example.com"}', 'whsec_x')
      returning id`);

    await migrateDatabase({ pool: connection.pool, logger: testLogger });

    const { rows } = await db.execute<{
      id: string;
      local_time: string | null;
      cron_timezone: string | null;
      dst_gap: string;
      dst_repeat: string;
    }>(sql`select id, local_time, cron_timezone, dst_gap, dst_repeat from tasks where user_id = ${owner.id}`);
    const after = new Map(rows.map((row) => [row.id, row]));
    for (const [index, seed] of seeds.entries()) {
      const row = after.get(ids[index] ?? '');
      expect({ seed: seed.time, zone: seed.zone, local: row?.local_time, cronTimezone: row?.cron_timezone }).toEqual({
        seed: seed.time,
        zone: seed.zone,
        local: seed.local,
        cronTimezone: null,
      });
      expect(row).toMatchObject({ dst_gap: 'shift', dst_repeat: 'first' });
    }
    expect(after.get(cron[0]?.id ?? '')).toMatchObject({ local_time: null, cron_timezone: 'UTC' });
    // Read in UTC as before: 09:00 UTC on weekdays, whatever the task's zone.
    const slots = nextFireTimes(
      { scheduleType: 'custom', customCron: '0 9 * * 1-5', cronTimezone: 'UTC', timezone: 'America/Los_Angeles' },
      { after: new Date('2026-11-20T10:00:00Z'), count: 1 },
    );
    expect(slots).toEqual([new Date('2026-11-23T09:00:00Z')]);
  });
});
