import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFile, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync, gzipSync } from 'node:zlib';
import { asc, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectDatabase, type Database } from '#server/db/client';
import { startEmbeddedPostgres } from '#server/db/embedded-postgres';
import {
  apiKeys,
  auditLog,
  session,
  signIns,
  subscriptions,
  taskRuns,
  tasks,
  user,
  userSettings,
  webhookDeliveries,
  workspaces,
} from '#server/db/schema/index';
import { createdApiKeySchema } from '#shared/api-keys/api-key.schema';
import { createTestApp, requestWithKey, TestClient, strongPassword, type TestApp } from './app';
import { testLogger, withAdminClient, withDatabase, type TestDatabase } from './database';
import { makeDataDir } from './data-dir';
import { startOwnPostgres } from './own-postgres';
import { runRow } from './builders';
import { seedTask } from './seed';
import { createTestUser } from './users';

/**
 * `npm run backup` and `npm run restore` (ADR 0069, ADR 0095): a backup of an install as it is after use (sign-ins,
 * API keys, runs with receipts, webhook attempts, audit entries, a subscription) taken while runs are being written,
 * restored into a fresh embedded cluster and into an empty database on the suite's server (Debian's PostgreSQL 15,
 * as a role that is no superuser, in CI's second pass, so across majors), then compared row for row and used by
 * the product started there as on a new machine: the people signed in before stay signed in (ADR 0095).
 */
const execFileAsync = promisify(execFile);

/** A command as an operator runs it; DATA_DIR is a throwaway one unless the test names another. */
function cli(file: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  return execFileAsync(process.execPath, ['--import', 'tsx', `src/server/cli/${file}.ts`, ...args], {
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', DATA_DIR: join(workDir, 'cli-data'), ...env },
  });
}

let source: Awaited<ReturnType<typeof startOwnPostgres>>;
let workDir: string;
let backupFile: string;
/** The backed-up install's DATA_DIR, where its auth secret was made on first start. */
let sourceDataDir: string;
let adminEmail: string;
let apiKey: string;
/** What the member's browser holds, and an unsubscribe link from an e-mail they got, both made before the backup. */
let memberCookie: string;
let unsubscribeToken: string;
const suiteDatabases: string[] = [];

/** An empty database on the suite's own server, dropped after the file. */
async function emptySuiteDatabase(): Promise<string> {
  const name = `promptcron_restore_${randomBytes(6).toString('hex')}`;
  await withAdminClient(inject('databaseUrl'), (client) => client.query(`create database ${client.escapeIdentifier(name)}`));
  suiteDatabases.push(name);
  return withDatabase(inject('databaseUrl'), name);
}

function testDatabaseOn(url: string): TestDatabase {
  const connection = connectDatabase({ url, logger: testLogger, max: 3 });
  const stopFirst: (() => Promise<void>)[] = [];
  return {
    ...connection,
    url,
    beforeDrop: (stop) => stopFirst.push(stop),
    drop: async () => {
      await Promise.all(stopFirst.map((stop) => stop()));
      await connection.pool.end();
    },
  };
}

/** The rows a backup file holds for `table`. */
function backupRows(file: Buffer, table: string): { id: string }[] {
  const lines = gunzipSync(file).toString('utf8').split('\n');
  const first = lines.indexOf(JSON.stringify(['table', table])) + 1;
  const end = lines.findIndex((line, index) => index >= first && line.startsWith('['));
  return lines.slice(first, end).map((line) => JSON.parse(line) as { id: string });
}

/**
 * What a user or an administrator would miss if it were lost: accounts, sessions and last sign-ins, keys, tasks,
 * runs and their webhook attempts, settings, workspaces with their budgets, subscriptions and the audit log, in a
 * fixed order.
 */
async function contents(db: Database) {
  return {
    users: await db.select().from(user).orderBy(asc(user.id)),
    sessions: await db.select().from(session).orderBy(asc(session.id)),
    signIns: await db.select().from(signIns).orderBy(asc(signIns.userId)),
    apiKeys: await db.select().from(apiKeys).orderBy(asc(apiKeys.id)),
    tasks: await db.select().from(tasks).orderBy(asc(tasks.id)),
    runs: await db.select().from(taskRuns).orderBy(asc(taskRuns.id)),
    webhookAttempts: await db.select().from(webhookDeliveries).orderBy(asc(webhookDeliveries.id)),
    settings: await db.select().from(userSettings).orderBy(asc(userSettings.userId)),
    workspaces: await db.select().from(workspaces).orderBy(asc(workspaces.id)),
    subscriptions: await db.select().from(subscriptions).orderBy(asc(subscriptions.id)),
    audit: await db.select().from(auditLog).orderBy(asc(auditLog.id)),
  };
}

/** The product started on the restored database and `dataDir`, as on a new machine: no AUTH_SECRET set. */
async function withRestoredApp(url: string, dataDir: string, use: (app: TestApp) => Promise<void>) {
  const database = testDatabaseOn(url);
  try {
    const { app } = await createTestApp({ database, env: { AUTH_SECRET: '', DATA_DIR: dataDir } });
    await use(app);
  } finally {
    await database.drop();
  }
}

/** Whether the member's browser is still signed in, as it was when the backup was taken. */
async function memberSignedIn(app: TestApp): Promise<boolean> {
  const me = await new TestClient(app).request('/api/me', { headers: { Cookie: memberCookie } });
  return me.status === 200;
}

/**
 * The restored install answers like the original: same rows as the backup's snapshot; its admin signs in, and their
 * API key works; the member's browser is still signed in, and the unsubscribe link of an e-mail sent before works.
 */
async function expectRestored(url: string, dataDir: string, expected: Awaited<ReturnType<typeof contents>>) {
  const database = testDatabaseOn(url);
  try {
    expect(await contents(database.db)).toEqual(expected);
  } finally {
    await database.drop();
  }
  await withRestoredApp(url, dataDir, async (app) => {
    const response = await new TestClient(app, '198.51.100.7').signIn(adminEmail, strongPassword);
    expect(response.status).toBe(200);
    expect((await requestWithKey(app, apiKey, '/api/me')).body).toMatchObject({ user: { email: adminEmail } });
    expect(await memberSignedIn(app)).toBe(true);
    const unsubscribed = await new TestClient(app).request(`/api/unsubscribe?token=${encodeURIComponent(unsubscribeToken)}`, {
      method: 'POST',
    });
    expect(unsubscribed).toMatchObject({ status: 200, body: { notification: 'weeklyDigest', enabled: false } });
  });
}

/** What restore says of the secret it brought along. */
const secretRestored = (dataDir: string) =>
  `The backup's auth secret is in ${join(dataDir, 'secrets', 'auth-secret')}: sessions and e-mailed links made before it keep working.\n`;

beforeAll(async () => {
  source = await startOwnPostgres();
  workDir = await makeDataDir('promptcron-backup-test-');
  backupFile = join(workDir, 'promptcron.jsonl.gz');
  sourceDataDir = join(workDir, 'source-data');
  const { db } = source.database;
  // The product as it runs without AUTH_SECRET: its secret made on first start in DATA_DIR/secrets.
  const { app, deps } = await createTestApp({ database: source.database, env: { AUTH_SECRET: '', DATA_DIR: sourceDataDir } });
  // The admin is on Unlimited: a subscription row.
  const admin = await createTestUser(db, { name: 'Backup Admin', role: 'admin' });
  adminEmail = admin.email;
  const member = await createTestUser(db, { name: 'Backup Member' });
  const leaver = await createTestUser(db, { name: 'Backup Leaver' });
  // Signed in through the form, as people do: sessions, and the last sign-ins the database records beside them.
  const signedIn = async (email: string) => {
    const client = new TestClient(app, '198.51.100.20');
    expect((await client.signIn(email, strongPassword)).status).toBe(200);
    return client;
  };
  const adminClient = await signedIn(admin.email);
  memberCookie = (await signedIn(member.email)).cookieHeader;
  await signedIn(leaver.email);
  ({ key: apiKey } = await adminClient.expectOk(createdApiKeySchema, '/api/me/api-keys', {
    method: 'POST',
    body: { name: 'Nightly export', scope: 'read' },
    status: 201,
  }));
  // An audit entry; the leaver keeps a last sign-in and no session.
  expect((await adminClient.request(`/api/admin/users/${leaver.id}/suspend`, { method: 'POST' })).status).toBe(200);
  await db.insert(userSettings).values({
    userId: member.id,
    notifyTaskCompletion: true,
    notifyTaskErrors: false,
    weeklyDigest: true,
    defaultScheduleType: 'weekly',
    defaultScheduleTime: '08:30',
    timezone: 'Europe/Berlin',
  });
  // A monthly budget, which belongs to the member's personal workspace (ADR 0141).
  await db.update(workspaces).set({ budgetUnit: 'usd', budgetAmount: 12.5 }).where(eq(workspaces.personalUserId, member.id));
  const digestLink = deps.unsubscribeLinks.forSwitch(member.id, 'weeklyDigest');
  unsubscribeToken = new URL(digestLink.pageUrl).searchParams.get('token') ?? '';
  const task = await seedTask(db, member.id, {
    name: 'Morning digest ☕ "quoted"',
    deliveryMethod: 'webhook',
    deliveryConfig: { webhookUrl: 'https://hooks.example.com/promptcron' },
  });
  // Enough history that the backup takes a moment, so the writer below lands runs while it reads.
  const startedAt = new Date('2026-11-01T08:00:00Z');
  for (let batch = 0; batch < 4; batch += 1) {
    await db.insert(taskRuns).values(
      Array.from({ length: 1000 }, (_, index) =>
        runRow(task, {
          startedAt: new Date(startedAt.getTime() + (batch * 1000 + index) * 60_000),
          result: `Answer ${index}\nline 2 \\ é`,
          deliveryReceipt: {
            method: 'webhook',
            at: new Date(startedAt.getTime() + (batch * 1000 + index) * 60_000 + 2_000).toISOString(),
            attempt: 2,
            smtpResponse: null,
            queueId: null,
            statusCode: 200,
            durationMs: 84,
            webhookId: `msg_${batch}_${index}`,
          },
        }),
      ),
    );
  }
  // The first delivery of a run failed and was retried.
  const [run] = await db.select().from(taskRuns).limit(1);
  await db.insert(webhookDeliveries).values([
    { runId: run!.id, attempt: 1, url: 'https://hooks.example.com/promptcron', statusCode: 503, durationMs: 120, error: 'HTTP 503' },
    { runId: run!.id, attempt: 2, url: 'https://hooks.example.com/promptcron', statusCode: 200, durationMs: 84 },
  ]);
}, 60_000);

afterAll(async () => {
  await source?.remove();
  for (const name of suiteDatabases) {
    await withAdminClient(inject('databaseUrl'), (client) =>
      client.query(`drop database if exists ${client.escapeIdentifier(name)} with (force)`),
    );
  }
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

describe('npm run backup and npm run restore', () => {
  let snapshot: Awaited<ReturnType<typeof contents>>;

  it('backs up while runs are being written: the backup is one consistent snapshot', async () => {
    const { db } = source.database;
    const [task] = await db.select().from(tasks);
    const runsBefore = (await contents(db)).runs.length;
    let writing = true;
    let pairs = 0;
    // Runs go in pairs, in one transaction each: a consistent backup never holds half a pair.
    const writer = (async () => {
      while (writing) {
        await db.transaction(async (tx) => {
          await tx.insert(taskRuns).values([runRow(task!), runRow(task!)]);
        });
        pairs += 1;
      }
    })();
    const backup = await cli('backup', ['--out', backupFile], { DATABASE_URL: source.database.url, DATA_DIR: sourceDataDir }).finally(
      () => (writing = false),
    );
    await writer;

    expect(backup.stdout).toMatch(/^Backup written to .*promptcron\.jsonl\.gz: \d+ rows in \d+ tables, [\d.]+ (kB|MB)\.\n$/);
    expect(backup.stderr).toMatch(/^public\.task_runs: \d+ rows$/m);
    // It holds the password hashes and the auth secret: no one else on the machine may read it.
    expect((await stat(backupFile)).mode & 0o777).toBe(0o600);
    expect(pairs).toBeGreaterThan(0);
    const header = JSON.parse(
      gunzipSync(await readFile(backupFile))
        .toString('utf8')
        .split('\n')[0]!,
    ) as {
      tables: { name: string; rows: number }[];
    };
    const backedUpRuns = header.tables.find((table) => table.name === 'public.task_runs')!.rows;
    expect(backedUpRuns).toBeGreaterThanOrEqual(runsBefore);
    expect((backedUpRuns - runsBefore) % 2).toBe(0);

    // The snapshot: everything as it is now but the runs written after the backup began.
    const now = await contents(db);
    const backedUpIds = new Set(backupRows(await readFile(backupFile), 'public.task_runs').map((row) => row.id));
    snapshot = { ...now, runs: now.runs.filter((run) => backedUpIds.has(run.id)) };
    expect(snapshot.runs).toHaveLength(backedUpRuns);
    // Runs were written while it read, and it left them out.
    expect(now.runs.length).toBeGreaterThan(backedUpRuns);
  }, 30_000);

  it('restores into a fresh embedded cluster (an empty DATA_DIR)', async () => {
    const dataDir = join(workDir, 'fresh-data');
    const restored = await cli('restore', [backupFile], { DATA_DIR: dataDir });
    const [summary, secret] = restored.stdout.split(/(?<=\n)/);
    expect(summary).toMatch(/^Restored .* \(taken .* by Promptcron .*\): \d+ rows in \d+ tables\.\n$/);
    expect(secret).toBe(secretRestored(dataDir));
    expect((await stat(join(dataDir, 'secrets', 'auth-secret'))).mode & 0o777).toBe(0o600);
    expect(restored.stderr).toContain(`public.task_runs: ${snapshot.runs.length} rows`);
    const embedded = await startEmbeddedPostgres({ dataDir, logger: testLogger });
    try {
      await expectRestored(embedded.url, dataDir, snapshot);
      // With the product running on it, a backup attaches to its PostgreSQL, as `npm run user` does.
      const again = join(workDir, 'again.jsonl.gz');
      await cli('backup', ['--out', again], { DATA_DIR: dataDir });
      expect(backupRows(await readFile(again), 'public.task_runs')).toHaveLength(snapshot.runs.length);
    } finally {
      await embedded.stop();
    }
  }, 60_000);

  it('restores into an empty database on the suite server (PostgreSQL 15 in CI), and refuses it once it is not empty', async () => {
    const url = await emptySuiteDatabase();
    // The product's DATA_DIR on the new machine holds only its secrets then.
    const dataDir = join(workDir, 'managed-data');
    const restored = await cli('restore', [backupFile], { DATABASE_URL: url, DATA_DIR: dataDir });
    expect(restored.stdout).toContain(secretRestored(dataDir));
    await expectRestored(url, dataDir, snapshot);

    const name = new URL(url).pathname.slice(1);
    await expect(cli('restore', [backupFile], { DATABASE_URL: url })).rejects.toMatchObject({
      code: 1,
      stderr: `The database ${name} is not empty; pass --force to replace it.\n`,
    });

    // --force replaces: a row added since is gone, the backup's rows are back.
    const database = testDatabaseOn(url);
    try {
      await createTestUser(database.db, { name: 'Added Later' });
    } finally {
      await database.drop();
    }
    // Not while anything else is connected to it, as a running product is.
    const product = new pg.Client({ connectionString: url });
    await product.connect();
    try {
      await expect(cli('restore', [backupFile, '--force'], { DATABASE_URL: url, DATA_DIR: dataDir })).rejects.toMatchObject({
        code: 1,
        stderr: `The database ${name} is in use by 1 other connection: stop Promptcron (server and workers) before restoring over it.\n`,
      });
    } finally {
      await product.end();
    }
    // An operator who set AUTH_SECRET here is told it is not the backup's, which the product would use instead.
    const forced = await cli('restore', [backupFile, '--force'], {
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      AUTH_SECRET: 'a-secret-of-the-new-machine-0123456789',
    });
    expect(forced.stdout.split(/(?<=\n)/)[1]).toBe(
      `The backup's auth secret is in ${join(dataDir, 'secrets', 'auth-secret')}, but AUTH_SECRET is set to another, and the product signs with that: unset it (or set it as it was), or sessions and e-mailed links made before the backup stop working.\n`,
    );
    await expectRestored(url, dataDir, snapshot);
  }, 90_000);

  it('restores a backup from before the secret travelled (format 1), and says which file to copy', async () => {
    const lines = gunzipSync(await readFile(backupFile))
      .toString('utf8')
      .split('\n');
    const { authSecret: _left, ...header } = JSON.parse(lines[0]!) as { formatVersion: number; authSecret: string };
    const older = join(workDir, 'format-1.jsonl.gz');
    await writeFile(older, gzipSync([JSON.stringify({ ...header, formatVersion: 1 }), ...lines.slice(1)].join('\n')));
    const url = await emptySuiteDatabase();
    const dataDir = join(workDir, 'format-1-data');
    const file = join(dataDir, 'secrets', 'auth-secret');

    const restored = await cli('restore', [older], { DATABASE_URL: url, DATA_DIR: dataDir });
    expect(restored.stdout.split(/(?<=\n)/)[1]).toBe(
      `This backup does not hold the auth secret: copy secrets/auth-secret from the DATA_DIR it was taken from to ${file} (or set AUTH_SECRET as it was there), unless that is it already; otherwise sessions and e-mailed links made before it stop working.\n`,
    );
    // Started as it is, the product makes a secret of its own and the member is signed out...
    await withRestoredApp(url, dataDir, async (app) => expect(await memberSignedIn(app)).toBe(false));
    // ...until the operator copies the file as told.
    await copyFile(join(sourceDataDir, 'secrets', 'auth-secret'), file);
    await expectRestored(url, dataDir, snapshot);
  }, 60_000);

  it('says so when it finds no auth secret to carry', async () => {
    const dataDir = join(workDir, 'no-secret-data');
    const backup = await cli('backup', ['--out', join(workDir, 'no-secret.jsonl.gz')], {
      DATABASE_URL: source.database.url,
      DATA_DIR: dataDir,
    });
    expect(backup.stderr).toMatch(
      new RegExp(
        `^No AUTH_SECRET and no ${join(dataDir, 'secrets', 'auth-secret')}: this backup does not hold the auth secret\\. Keep a copy of the product's with it\\.$`,
        'm',
      ),
    );
  }, 30_000);

  it('refuses a backup taken by a newer version, with one line', async () => {
    const lines = gunzipSync(await readFile(backupFile))
      .toString('utf8')
      .split('\n');
    const header = JSON.parse(lines[0]!) as { appVersion: string; migration: { tag: string | null; createdAt: number } };
    header.appVersion = '99.0.0';
    header.migration = { tag: '0099_from_the_future', createdAt: header.migration.createdAt + 86_400_000 };
    const newer = join(workDir, 'newer.jsonl.gz');
    await writeFile(newer, gzipSync([JSON.stringify(header), ...lines.slice(1)].join('\n')));
    const url = await emptySuiteDatabase();
    await expect(cli('restore', [newer], { DATABASE_URL: url })).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringMatching(
        /^This backup is from Promptcron 99\.0\.0 \(migration 0099_from_the_future\), newer than this one \(.+, whose newest migration is \d{4}_\w+\)\. Restore it with that version or a newer one\.\n$/,
      ),
    });
  });

  it('says in one line what is wrong: no file, not a backup, no database', async () => {
    const url = await emptySuiteDatabase();
    const missing = join(workDir, 'missing.jsonl.gz');
    await expect(cli('restore', [missing], { DATABASE_URL: url })).rejects.toMatchObject({
      code: 1,
      stderr: `${missing}: no such file.\n`,
    });
    const notABackup = join(workDir, 'notes.txt');
    await writeFile(notABackup, 'shopping list\n');
    await expect(cli('restore', [notABackup], { DATABASE_URL: url })).rejects.toMatchObject({
      code: 1,
      stderr: `${notABackup} is not a Promptcron backup (or is damaged).\n`,
    });
    await expect(
      cli('backup', ['--out', join(workDir, 'x.jsonl.gz')], { DATABASE_URL: 'postgres://nobody:pw@127.0.0.1:1/promptcron' }),
    ).rejects.toMatchObject({ code: 1, stderr: 'Cannot reach the database at 127.0.0.1:1 (ECONNREFUSED).\n' });
    const database = testDatabaseOn(url);
    try {
      // Nothing was created by the refused restores.
      expect((await database.db.execute(sql`select count(*)::int as n from pg_tables where schemaname = 'public'`)).rows).toEqual([
        { n: 0 },
      ]);
    } finally {
      await database.drop();
    }
  });

  it.each([['backup'], ['restore']] as const)('npm run %s -- --help says what it does and exits 0', async (file) => {
    const { stdout } = await cli(file, ['--help'], {});
    expect(stdout).toContain(`Usage: npm run ${file} -- `);
  });
});
