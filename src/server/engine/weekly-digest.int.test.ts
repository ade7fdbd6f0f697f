import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testAppUrl } from '#test/app';
import type { TestDatabase } from '#test/database';
import { createEngineDeps, createEngineSetup, queuedJobs, waitFor } from '#test/engine-setup';
import { startMailServer } from '#test/mail-server';
import { seedRun, seedTask, seedUser } from '#test/seed';
import { userSettings, weeklyDigests } from '../db/schema';
import { enqueue } from '../queue/enqueue';
import { sendDueWeeklyDigestsJob, sendWeeklyDigestJob } from '../queue/job-definitions';
import type { EngineDeps } from './engine-deps';
import { sendDueWeeklyDigests } from './jobs/send-due-weekly-digests';
import { sendWeeklyDigest } from './jobs/send-weekly-digest';
import { privateJobs } from '#server/queue/queue-internals';

/**
 * Settings → Weekly Digest (issue 19) on real parts: PostgreSQL, graphile-worker processes and an SMTP server. The
 * digests of a past week are claimed by calling the sweep with that week's instants, as the crontab would at them.
 */
let database: TestDatabase;
let mail: Awaited<ReturnType<typeof startMailServer>>;
let deps: EngineDeps;
const workers: ChildProcess[] = [];

beforeAll(async () => {
  ({ database } = await createEngineSetup({ maxConnections: 8 }));
  mail = await startMailServer();
  deps = createEngineDeps({ database, env: { SMTP_URL: mail.url } });
});

afterAll(async () => {
  for (const worker of workers) worker.kill('SIGKILL');
  await mail?.stop();
  await database?.drop();
});

beforeEach(async () => {
  await database.db.execute(sql`delete from "user" where email like 'digest-%'`);
  await database.db.execute(sql`delete from ${privateJobs}`);
});

/** A user with the Weekly Digest on; `zone` saves a default schedule there, else the zone comes from their tasks. */
async function digestUser(
  label: string,
  { zone, taskZones = ['UTC'], digest = true }: { zone?: string; taskZones?: string[]; digest?: boolean } = {},
) {
  const owner = await seedUser(database.db, { name: label, email: `digest-${label.toLowerCase().replaceAll(' ', '-')}@example.com` });
  await database.db.insert(userSettings).values({
    userId: owner.id,
    notifyTaskCompletion: false,
    notifyTaskErrors: true,
    weeklyDigest: digest,
    ...(zone ? { defaultScheduleType: 'daily', defaultScheduleTime: '09:00', timezone: zone } : {}),
  });
  // Oldest first, so the last zone is the newest task's.
  const tasks = [];
  for (const [index, taskZone] of taskZones.entries()) {
    tasks.push(
      await seedTask(database.db, owner.id, {
        name: `${label} task ${index + 1}`,
        timezone: taskZone,
        createdAt: new Date(Date.UTC(2025, 0, 1 + index)),
      }),
    );
  }
  return { ...owner, tasks };
}

async function claimedWeeks(): Promise<Record<string, string>> {
  const rows = await database.db.select({ userId: weeklyDigests.userId, weekStart: weeklyDigests.weekStart }).from(weeklyDigests);
  return Object.fromEntries(rows.map((row) => [row.userId, row.weekStart]));
}

describe('when a digest is due', () => {
  it("goes out at Monday 08:00 in each user's own zone: the default schedule's, else the newest task's, else UTC", async () => {
    const auckland = await digestUser('Auckland', { zone: 'Pacific/Auckland' });
    const kolkata = await digestUser('Kolkata', { taskZones: ['UTC', 'Asia/Kolkata'] });
    const losAngeles = await digestUser('Los Angeles', { zone: 'America/Los_Angeles', taskZones: ['Asia/Tokyo'] });
    const kathmandu = await digestUser('Kathmandu', { taskZones: ['Asia/Kathmandu'] });
    const utc = await digestUser('Utc');

    // Monday 24 Nov 2025, 08:00 local: Auckland (UTC+13) is still Sunday in UTC; Kolkata is :30, Kathmandu :45 off.
    const steps: [string, string[]][] = [
      ['2025-11-23T18:45:00Z', []],
      ['2025-11-23T19:00:00Z', [auckland.id]],
      ['2025-11-24T02:00:00Z', []],
      ['2025-11-24T02:15:00Z', [kathmandu.id]],
      ['2025-11-24T02:30:00Z', [kolkata.id]],
      ['2025-11-24T07:45:00Z', []],
      ['2025-11-24T08:00:00Z', [utc.id]],
      ['2025-11-24T15:45:00Z', []],
      ['2025-11-24T16:00:00Z', [losAngeles.id]],
      ['2025-11-24T16:15:00Z', []],
      // A worker that was down at 08:00 still sends within the day; the sweeps after that find each week taken.
      ['2025-11-25T07:45:00Z', []],
    ];
    const claimedBefore = new Set<string>();
    for (const [now, expected] of steps) {
      await sendDueWeeklyDigests(deps, { now: new Date(now) });
      const claimed = Object.keys(await claimedWeeks()).filter((userId) => !claimedBefore.has(userId));
      expect(claimed.sort(), now).toEqual([...expected].sort());
      for (const userId of claimed) claimedBefore.add(userId);
    }
    expect(await claimedWeeks()).toEqual({
      [auckland.id]: '2025-11-24',
      [kathmandu.id]: '2025-11-24',
      [kolkata.id]: '2025-11-24',
      [utc.id]: '2025-11-24',
      [losAngeles.id]: '2025-11-24',
    });
    const jobs = await queuedJobs(database, sendWeeklyDigestJob);
    expect(jobs.map((job) => job.payload.userId).sort()).toEqual([auckland.id, kathmandu.id, kolkata.id, utc.id, losAngeles.id].sort());

    // The next Monday is a new week.
    await sendDueWeeklyDigests(deps, { now: new Date('2025-12-01T08:00:00Z') });
    expect((await claimedWeeks())[utc.id]).toBe('2025-12-01');
  });

  it('skips users with the switch off, without tasks, or suspended', async () => {
    await digestUser('Off', { digest: false });
    await digestUser('No tasks', { taskZones: [] });
    const suspended = await digestUser('Suspended');
    await database.db.execute(sql`update "user" set banned = true where id = ${suspended.id}`);
    expect(await sendDueWeeklyDigests(deps, { now: new Date('2025-11-24T08:00:00Z') })).toBe(0);
  });
});

describe('the digest e-mail', () => {
  it("lists each task's runs, failures, success rate and the start of its last result, with links and an unsubscribe", async () => {
    const owner = await digestUser('Reader', { zone: 'Europe/Berlin', taskZones: ['Europe/Berlin', 'Europe/Berlin'] });
    const [brief, paused] = owner.tasks as [(typeof owner.tasks)[number], (typeof owner.tasks)[number]];
    await database.db.execute(sql`update tasks set status = 'paused', next_fire_at = null where id = ${paused.id}`);
    const day = (date: number, hour = 9) => new Date(Date.UTC(2025, 10, date, hour));
    for (const date of [17, 18, 19, 20, 21]) await seedRun(database.db, brief, { startedAt: day(date), result: `Old result ${date}` });
    await seedRun(database.db, brief, { startedAt: day(22), status: 'error', result: null, error: 'OpenAI rejected the API key.' });
    await seedRun(database.db, brief, {
      startedAt: day(23),
      result: '# Prices today\n\nBread **2.10 EUR**\nMilk 1.05 EUR\nEggs 3.20 EUR\nButter 2.50 EUR',
    });
    // Outside the week (before Monday 17 Nov 08:00 Berlin; after Monday 24 Nov 08:00 Berlin): not counted.
    await seedRun(database.db, brief, { startedAt: day(17, 6), result: 'Too early' });
    await seedRun(database.db, brief, { startedAt: day(24, 8), result: 'Too late' });

    await sendDueWeeklyDigests(deps, { now: new Date('2025-11-24T07:00:00Z') });
    await sendWeeklyDigest(deps, { userId: owner.id, weekStart: '2025-11-24' });
    const digest = await mail.waitFor(owner.email, (message) => message.subject.startsWith('Weekly digest'));

    expect(digest.subject).toBe('Weekly digest: 7 runs, 1 failure');
    expect(digest.text).toContain('Your tasks finished 7 runs with 1 failure from Mon 17 Nov – Mon 24 Nov.');
    expect(digest.text).toContain(
      `Reader task 1\n7 runs, 1 failure, 86% successful.\nPrices today Bread 2.10 EUR Milk 1.05 EUR\n${testAppUrl}/dashboard/tasks/${brief.id}`,
    );
    expect(digest.text).toContain(`Reader task 2\nPaused; no runs this week.\n${testAppUrl}/dashboard/tasks/${paused.id}`);
    expect(digest.text).not.toContain('Too late');
    expect(digest.html).toContain(`href="${testAppUrl}/dashboard/tasks/${brief.id}"`);
    expect(digest.links).toContain(`${testAppUrl}/dashboard/history`);

    expect(digest.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const unsubscribe = digest.links.find((link) => link.startsWith(`${testAppUrl}/unsubscribe?token=`)) ?? '';
    expect(deps.unsubscribeLinks.verify(new URL(unsubscribe).searchParams.get('token') ?? '')).toEqual({
      userId: owner.id,
      notification: 'weeklyDigest',
    });

    // Sent once: a retry of the same job sends nothing more.
    const sent = mail.messages.length;
    await sendWeeklyDigest(deps, { userId: owner.id, weekStart: '2025-11-24' });
    expect(mail.messages.length).toBe(sent);
  });

  it('counts a completed run whose delivery failed as a failure, and says it was not delivered (issue 37)', async () => {
    const owner = await digestUser('Undelivered');
    const [task] = owner.tasks as [(typeof owner.tasks)[number]];
    const day = (date: number) => new Date(Date.UTC(2025, 10, date, 9));
    await seedRun(database.db, task, { startedAt: day(18), result: 'Sent fine', deliveryStatus: 'delivered' });
    await seedRun(database.db, task, {
      startedAt: day(19),
      result: 'Never arrived',
      deliveryStatus: 'failed',
      deliveryError: 'Could not reach hooks.slack.com',
    });
    await seedRun(database.db, task, { startedAt: day(20), status: 'error', result: null, error: 'The model timed out.' });

    await sendDueWeeklyDigests(deps, { now: new Date('2025-11-24T08:00:00Z') });
    await sendWeeklyDigest(deps, { userId: owner.id, weekStart: '2025-11-24' });
    const digest = await mail.waitFor(owner.email, (message) => message.subject.startsWith('Weekly digest'));

    expect(digest.subject).toBe('Weekly digest: 3 runs, 2 failures');
    expect(digest.text).toContain(`Undelivered task 1\n3 runs, 2 failures (1 not delivered), 33% successful.`);
    expect(digest.text).not.toContain('100% successful');
  });

  it('is not sent when the switch was turned off after the digest was claimed', async () => {
    const owner = await digestUser('Changed mind');
    await sendDueWeeklyDigests(deps, { now: new Date('2025-11-24T08:00:00Z') });
    await database.db.execute(sql`update user_settings set weekly_digest = false where user_id = ${owner.id}`);
    const sent = mail.messages.length;
    await sendWeeklyDigest(deps, { userId: owner.id, weekStart: '2025-11-24' });
    expect(mail.messages.length).toBe(sent);
  });
});

describe('several worker processes', () => {
  it('send each user one digest a week, however many sweeps run at once', async () => {
    const users = await Promise.all(Array.from({ length: 12 }, (_, index) => digestUser(`Crowd ${index}`)));
    for (let index = 0; index < 3; index++) {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts', '--role=worker'], {
        env: {
          PATH: process.env.PATH ?? '',
          DATABASE_URL: database.url,
          SMTP_URL: mail.url,
          AUTH_SECRET: 'test-secret-that-is-at-least-32-characters',
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      workers.push(child);
    }
    // Six sweeps of the same moment, as if several crontabs fired together, spread over the three processes.
    for (let sweep = 0; sweep < 6; sweep++)
      await enqueue(sendDueWeeklyDigestsJob, { now: '2025-11-24T08:00:00.000Z' }, { db: database.db });

    // That week's digests only: on a real Monday morning the processes' own crontab may send this week's as well.
    const digestsTo = (email: string) =>
      mail.messages.filter((message) => message.to.includes(email) && message.text.includes('from Mon 17 Nov – Mon 24 Nov'));
    await waitFor(async () => (users.every((owner) => digestsTo(owner.email).length > 0) ? true : undefined), 'a digest for every user', {
      timeoutMs: 60_000,
      everyMs: 100,
    });
    await waitFor(
      async () => ((await queuedJobs(database, sendDueWeeklyDigestsJob)).length === 0 ? true : undefined),
      'every sweep to finish',
      { timeoutMs: 30_000 },
    );
    await waitFor(
      async () => ((await queuedJobs(database, sendWeeklyDigestJob)).length === 0 ? true : undefined),
      'every digest job to finish',
      { timeoutMs: 30_000 },
    );
    for (const owner of users) expect(digestsTo(owner.email), owner.email).toHaveLength(1);
    const rows = await database.db.execute<{ sent: number }>(
      sql`select count(*)::int as sent from weekly_digests where sent_at is not null and user_id in (select id from "user" where email like 'digest-crowd-%')`,
    );
    expect(rows.rows[0]?.sent).toBe(12);
  });
});

describe('npm run digest -- --user EMAIL --now', () => {
  it('sends the past 7 days at once, and says why when it cannot', async () => {
    const owner = await digestUser('Operator check', { digest: false });
    await seedRun(database.db, owner.tasks[0] as { id: string; userId: string }, {
      startedAt: new Date(Date.now() - 3_600_000),
      result: 'Fresh news',
    });
    const digest = (...args: string[]) =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/server/cli/digest.ts', ...args], {
        env: {
          PATH: process.env.PATH ?? '',
          DATABASE_URL: database.url,
          SMTP_URL: mail.url,
          AUTH_SECRET: 'test-secret-that-is-at-least-32-characters',
          APP_URL: testAppUrl,
        },
      });

    expect((await digest('--user', owner.email.toUpperCase(), '--now')).stdout.trim()).toBe(`Sent the weekly digest to ${owner.email}.`);
    const received = await mail.waitFor(owner.email, (message) => message.subject === 'Weekly digest: 1 run, 0 failures');
    expect(received.text).toContain('Fresh news');

    await expect(digest('--user', 'nobody@example.com', '--now')).rejects.toMatchObject({
      code: 1,
      stderr: 'No account has the e-mail address nobody@example.com.\n',
    });
    await expect(digest('--user', owner.email)).rejects.toMatchObject({ code: 2, stderr: 'Usage: npm run digest -- --user EMAIL --now\n' });
  });
});
