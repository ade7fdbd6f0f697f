import { spawn } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from '#server/lib/free-port';
import { makeDataDir } from './data-dir';
import { postgresProcessesUsing, startProduct, type Started } from './processes';

/**
 * The product as `npm start` runs it: the compiled build (test/global-setup.ts brings dist/ up to date) started by
 * bin/promptcron.js, a real process, its own data directory, signals and exit codes.
 */

async function waitForHealth(port: number, started: Started): Promise<{ status: string; database: string }> {
  for (let attempt = 0; attempt < 600; attempt++) {
    if (started.child.exitCode !== null) throw new Error(`The product exited early:\n${started.output()}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      return (await response.json()) as { status: string; database: string };
    } catch {
      await sleep(100);
    }
  }
  throw new Error(`The product did not answer in 60 s:\n${started.output()}`);
}

describe('start-up refuses bad configuration with one clear line', () => {
  it('names a bad PORT', async () => {
    const started = startProduct({ PORT: 'abc' });
    expect(await started.exited).toBe(1);
    expect(started.output().trim()).toBe('Promptcron could not start: Invalid configuration: PORT must be a port number (got "abc").');
  });

  it('names an unreachable DATABASE_URL without its password', async () => {
    const port = await findFreePort();
    const started = startProduct({
      DATABASE_URL: `postgres://app:s3cret@127.0.0.1:${port}/promptcron`,
      PORT: String(await findFreePort()),
    });
    expect(await started.exited).toBe(1);
    const errorLines = started
      .output()
      .split('\n')
      .filter((line) => line.startsWith('Promptcron could not start'));
    expect(errorLines).toEqual([
      `Promptcron could not start: Cannot connect to the database at postgres://app@127.0.0.1:${port}/promptcron (DATABASE_URL): connect ECONNREFUSED 127.0.0.1:${port}`,
    ]);
    expect(started.output()).not.toContain('s3cret');
    expect(started.output()).not.toMatch(/\n\s+at /); // no stack trace
  });
});

describe('the embedded default', () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await makeDataDir('promptcron-start-');
  });

  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('serves health on a real database, survives a crash, keeps its data and stops cleanly', async () => {
    const port = await findFreePort();
    const env = { PORT: String(port), DATA_DIR: dataDir };

    const first = startProduct(env);
    expect(await waitForHealth(port, first)).toMatchObject({ status: 'ok', database: 'ok' });
    await writeNote(dataDir, 'survives');

    // A crash: the server dies without cleaning up, leaving its PostgreSQL orphaned and a postmaster.pid behind.
    first.child.kill('SIGKILL');
    await first.exited;
    expect((await postgresProcessesUsing(dataDir)).length).toBeGreaterThan(0);

    const second = startProduct(env);
    expect(await waitForHealth(port, second)).toMatchObject({ status: 'ok', database: 'ok' });
    expect(await readNotes(dataDir)).toEqual(['survives']);

    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    expect(await postgresProcessesUsing(dataDir)).toEqual([]);
  }, 180_000);

  it('stops with everything it started when a process manager sends SIGTERM to npm start', async () => {
    const port = await findFreePort();
    // What systemd or a container runtime signals: the npm process, not the node process npm starts.
    const npm = spawn('npm', ['start', '--silent'], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? dataDir, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    npm.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    npm.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => npm.on('exit', (code) => resolve(code)));
    expect(await waitForHealth(port, { child: npm, output: () => output, exited })).toMatchObject({ status: 'ok' });

    npm.kill('SIGTERM');
    await exited;
    // Nothing left behind: no server answering on its port, no PostgreSQL on its data directory.
    const answering = async () =>
      fetch(`http://127.0.0.1:${port}/api/health`).then(
        () => true,
        () => false,
      );
    for (let waited = 0; waited < 300 && ((await answering()) || (await postgresProcessesUsing(dataDir)).length > 0); waited++)
      await sleep(100);
    expect(await answering()).toBe(false);
    expect(await postgresProcessesUsing(dataDir)).toEqual([]);
  }, 120_000);
});

async function embeddedDatabaseUrl(dataDir: string): Promise<string> {
  const password = (await readFile(join(dataDir, 'secrets', 'postgres-password'), 'utf8')).trim();
  const port = (await readFile(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[3];
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/promptcron`;
}

async function withClient<T>(dataDir: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: await embeddedDatabaseUrl(dataDir) });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function writeNote(dataDir: string, body: string) {
  return withClient(dataDir, async (client) => {
    await client.query('create table note (body text)');
    await client.query('insert into note values ($1)', [body]);
  });
}

async function readNotes(dataDir: string): Promise<string[]> {
  return withClient(dataDir, async (client) => (await client.query<{ body: string }>('select body from note')).rows.map((row) => row.body));
}
