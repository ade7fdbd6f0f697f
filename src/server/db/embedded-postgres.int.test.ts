import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeDataDir } from '#test/data-dir';
import { testLogger } from '#test/database';
import { postgresProcessesUsing } from '#test/processes';
import { EmbeddedPostgresError, startEmbeddedPostgres } from './embedded-postgres';

let dataDir: string;

beforeAll(async () => {
  dataDir = await makeDataDir('promptcron-embedded-');
});

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

async function query(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

it('keeps data across restarts, stops without leaving a process, and recovers from a stale postmaster.pid', async () => {
  const first = await startEmbeddedPostgres({ dataDir, logger: testLogger });
  await query(first.url, "create table note (body text); insert into note values ('kept')");
  await first.stop();
  expect(await postgresProcessesUsing(dataDir)).toEqual([]);

  // What a crash leaves: a pid file naming a process that no longer exists.
  await writeFile(join(dataDir, 'postgres', 'postmaster.pid'), '999999\n/nowhere\n0\n5432\n');
  const second = await startEmbeddedPostgres({ dataDir, logger: testLogger });
  try {
    expect(await query(second.url, 'select body from note')).toEqual([{ body: 'kept' }]);
  } finally {
    await second.stop();
  }
  expect(await postgresProcessesUsing(dataDir)).toEqual([]);
});

it('connects through a Unix socket in the cluster directory, and over loopback TCP when that path would be too long', async () => {
  const server = await startEmbeddedPostgres({ dataDir, logger: testLogger });
  try {
    // inet_server_addr() is null on a Unix socket connection.
    expect(await query(server.url, 'select inet_server_addr() as address')).toEqual([{ address: null }]);
    expect(new URL(server.url).searchParams.get('host')).toBe(join(dataDir, 'postgres'));
  } finally {
    await server.stop();
  }

  // A socket path may not exceed 107 bytes; this data directory's would.
  const deepDir = join(dataDir, 'a-data-directory-deep-enough-that-its-socket-path-passes-the-limit'.repeat(2));
  const deep = await startEmbeddedPostgres({ dataDir: deepDir, logger: testLogger });
  try {
    expect(await query(deep.url, 'select inet_server_addr()::text as address')).toEqual([{ address: '127.0.0.1/32' }]);
  } finally {
    await deep.stop();
  }
});

it('starts PostgreSQL again on the same URL when it dies under the product', async () => {
  const server = await startEmbeddedPostgres({ dataDir, logger: testLogger });
  try {
    await query(server.url, "create table if not exists survivor (body text); insert into survivor values ('still here')");
    const postmaster = Number((await readFile(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0]);
    process.kill(postmaster, 'SIGKILL');

    const killedAt = Date.now();
    let rows: unknown[] | undefined;
    while (!rows && Date.now() - killedAt < 15_000) {
      rows = await query(server.url, 'select body from survivor').catch(() => undefined);
      if (!rows) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(rows).toEqual([{ body: 'still here' }]);
    expect(Number((await readFile(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0])).not.toBe(postmaster);
  } finally {
    await server.stop();
  }
  expect(await postgresProcessesUsing(dataDir)).toEqual([]);
});

it('says which directory the postgres user cannot enter, instead of crashing, when run as root', async () => {
  if (process.getuid?.() !== 0) return; // only root hands PostgreSQL to the `postgres` user
  const closed = await mkdtemp(join(tmpdir(), 'promptcron-closed-'));
  await chmod(closed, 0o700);
  try {
    const start = startEmbeddedPostgres({ dataDir: join(closed, 'data'), logger: testLogger });
    await expect(start).rejects.toBeInstanceOf(EmbeddedPostgresError);
    await expect(start).rejects.toThrow(`The embedded PostgreSQL runs as the system user "postgres", which cannot enter ${closed}`);
  } finally {
    await rm(closed, { recursive: true, force: true });
  }
});
