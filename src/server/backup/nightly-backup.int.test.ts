import { readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { adminOverviewSchema } from '#shared/admin/admin-overview.schema';
import { useTestApp } from '#test/app';
import { makeDataDir } from '#test/data-dir';
import { createEngineDeps } from '#test/engine-setup';
import { createJobList, crontab } from '../engine/job-handlers';
import { backupDatabaseJob } from '../queue/job-definitions';
import { readBackupHeader } from './restore-backup';

/** The nightly backup (issue 38): the crontab's job writes a file, records it for the admin overview, prunes. */
const t = useTestApp();
const dataDirs: string[] = [];
afterAll(async () => {
  for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
});

const now = new Date('2026-11-26T02:47:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);

function runJob(env: Record<string, string>) {
  const job = createJobList(createEngineDeps({ database: t.database, env }))[backupDatabaseJob.name];
  return job({ _cron: { ts: now.toISOString() } }, {} as Parameters<typeof job>[1]);
}

it('is in the crontab, once a night', () => {
  expect(crontab.split('\n')).toContain('47 2 * * * backup-database ?max=3');
});

it('writes DATA_DIR/backups/promptcron-DATE.jsonl.gz, deletes those past BACKUP_RETENTION_DAYS, and the overview shows it', async () => {
  const { client } = await t.signIn({ name: 'Backup Admin', role: 'admin' });
  expect((await client.expectOk(adminOverviewSchema, '/api/admin/overview')).systemHealth.lastBackup).toBeNull();

  const dataDir = await makeDataDir('promptcron-nightly-');
  dataDirs.push(dataDir);
  const folder = join(dataDir, 'backups');
  await runJob({ DATA_DIR: dataDir }); // makes the folder
  const old = join(folder, 'promptcron-2026-11-18-0247.jsonl.gz');
  const kept = join(folder, 'promptcron-2026-11-20-0247.jsonl.gz');
  const notOurs = join(folder, 'before-upgrade.jsonl.gz');
  for (const [file, days] of [
    [old, 8],
    [kept, 6],
    [notOurs, 30],
  ] as const) {
    await writeFile(file, 'x');
    await utimes(file, daysAgo(days), daysAgo(days));
  }

  const authSecret = 'the-secret-this-install-signs-with-0123';
  await runJob({ DATA_DIR: dataDir, BACKUP_RETENTION_DAYS: '7', AUTH_SECRET: authSecret });
  expect((await readdir(folder)).sort()).toEqual([
    'before-upgrade.jsonl.gz',
    'promptcron-2026-11-20-0247.jsonl.gz',
    'promptcron-2026-11-26-0247.jsonl.gz',
  ]);
  const file = join(folder, 'promptcron-2026-11-26-0247.jsonl.gz');
  const header = await readBackupHeader(file);
  expect(header.tables.find((table) => table.name === 'public.user')?.rows).toBe(1);
  // The secret the product signs with travels with the data (ADR 0095), so the file is for its owner's eyes only.
  expect(header.authSecret).toBe(authSecret);
  expect((await stat(file)).mode & 0o777).toBe(0o600);

  const { lastBackup } = (await client.expectOk(adminOverviewSchema, '/api/admin/overview')).systemHealth;
  expect(lastBackup).toMatchObject({ fileName: 'promptcron-2026-11-26-0247.jsonl.gz', sizeBytes: (await stat(file)).size, error: null });
});

it('records a failure, which the overview shows, and throws so the queue tries again', async () => {
  const { client } = await t.signIn({ name: 'Failure Admin', role: 'admin' });
  const dataDir = await makeDataDir('promptcron-nightly-');
  dataDirs.push(dataDir);
  await writeFile(join(dataDir, 'backups'), 'a file where the folder should be');

  await expect(runJob({ DATA_DIR: dataDir })).rejects.toThrow(/EEXIST|ENOTDIR/);
  const { lastBackup } = (await client.expectOk(adminOverviewSchema, '/api/admin/overview')).systemHealth;
  expect(lastBackup).toMatchObject({ fileName: null, sizeBytes: null, error: expect.stringMatching(/EEXIST|ENOTDIR/) });
});
