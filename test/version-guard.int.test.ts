import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { findFreePort } from '#server/lib/free-port';
import { appVersion } from '#server/version';
import { installation } from '#server/db/schema/index';
import { useTestApp } from './app';

/** Issue 38: an older build started on data a newer one migrated refuses with one clear line, and changes nothing. */

const run = promisify(execFile);
const t = useTestApp();

it('records the version and the newest migration that migrated the database', async () => {
  const journal = JSON.parse(await readFile('drizzle/meta/_journal.json', 'utf8')) as { entries: { tag: string }[] };
  const [recorded] = await t.db.select().from(installation);
  expect(recorded).toMatchObject({ productVersion: appVersion, newestMigration: journal.entries.at(-1)?.tag });
});

it('refuses to start on a database a newer version migrated', async () => {
  const journal = JSON.parse(await readFile('drizzle/meta/_journal.json', 'utf8')) as { entries: { tag: string; when: number }[] };
  const newest = journal.entries.at(-1);
  // What a newer version leaves behind: one more migration than this build knows.
  await t.db.execute(
    sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-a-newer-version', ${(newest?.when ?? 0) + 1})`,
  );
  await t.db.execute(sql`update installation set product_version = '9.4.0', newest_migration = '0099_from_a_newer_version'`);
  const started = run(process.execPath, ['bin/promptcron.js', 'main'], {
    env: { PATH: process.env.PATH ?? '', DATABASE_URL: t.database.url, PORT: String(await findFreePort()), LOG_LEVEL: 'warn' },
  });
  const refused = await started.then(
    () => undefined,
    (error: { code: number; stderr: string }) => error,
  );
  expect(refused?.code).toBe(1);
  const lines = (refused?.stderr ?? '').split('\n').filter((line) => line.startsWith('Promptcron could not start'));
  expect(lines).toEqual([
    `Promptcron could not start: This database was upgraded by Promptcron 9.4.0 (migration 0099_from_a_newer_version), newer than this one (${appVersion}, whose newest migration is ${newest?.tag}). Start the newer version, or restore a backup taken before the upgrade.`,
  ]);
}, 60_000);
