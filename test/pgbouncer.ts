import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { findFreePort } from '#server/lib/free-port';

/** Debian's PgBouncer (`apt-get install pgbouncer`; .ci/run installs it). */
export const pgbouncerPath = '/usr/sbin/pgbouncer';

/**
 * Whether the PgBouncer suites can run here. On CI a missing PgBouncer is a failure naming the fix; elsewhere they
 * are skipped, since a developer may not have it.
 */
export function pgbouncerInstalled(): boolean {
  if (existsSync(pgbouncerPath)) return true;
  if (process.env.CI === 'true') {
    throw new Error(
      `PgBouncer is not installed (${pgbouncerPath}): CI needs it for the managed PostgreSQL tests (apt-get install pgbouncer).`,
    );
  }
  return false;
}

export interface PgBouncer {
  /** `serverUrl`'s database `name` through the pooler. */
  url(name: string): string;
  stop(): Promise<void>;
}

/**
 * PgBouncer in transaction mode, as hosted PostgreSQL offerings run it, in front of the server of `serverUrl`, on a
 * free loopback port. Few server connections, so that a statement prepared on one client's connection soon meets
 * another client, as it does under load.
 */
export async function startPgBouncer({
  serverUrl,
  serverConnections = 4,
  poolMode = 'transaction',
}: {
  serverUrl: string;
  serverConnections?: number;
  /** `session`: each client keeps its server connection until it disconnects, as a plain connection does. */
  poolMode?: 'transaction' | 'session';
}): Promise<PgBouncer> {
  const server = new URL(serverUrl);
  const user = decodeURIComponent(server.username);
  const password = decodeURIComponent(server.password);
  const host = server.hostname || server.searchParams.get('host') || '127.0.0.1';
  const port = await findFreePort();
  const dir = await mkdtemp(join(tmpdir(), 'promptcron-pgbouncer-'));
  await chmod(dir, 0o755);
  const quoted = (value: string) => `"${value.replaceAll('"', '""')}"`;
  await writeFile(join(dir, 'userlist.txt'), `${quoted(user)} ${quoted(password)}\n`, { mode: 0o644 });
  await writeFile(
    join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `* = host=${host} port=${server.port || '5432'}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      // Clients are not the subject here: the server login takes the password from the user list.
      'auth_type = trust',
      `auth_file = ${join(dir, 'userlist.txt')}`,
      `pool_mode = ${poolMode}`,
      `default_pool_size = ${serverConnections}`,
      'max_client_conn = 200',
      'ignore_startup_parameters = extra_float_digits',
      'server_login_retry = 1',
    ].join('\n'),
    { mode: 0o644 },
  );
  const child = spawn(pgbouncerPath, [join(dir, 'pgbouncer.ini')], { stdio: ['ignore', 'ignore', 'pipe'], ...unprivileged() });
  let log = '';
  child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = (name: string) => `postgres://${server.username}:${server.password}@127.0.0.1:${port}/${name}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
    await exited;
    await rm(dir, { recursive: true, force: true });
  };
  const database = server.pathname.slice(1) || 'postgres';
  for (let attempt = 1; ; attempt += 1) {
    const client = new pg.Client({ connectionString: url(database) });
    try {
      await client.connect();
      await client.query('select 1');
      await client.end();
      return { url, stop };
    } catch (error) {
      await client.end().catch(() => undefined);
      if (child.exitCode !== null || attempt >= 50) {
        await stop();
        throw new Error(`PgBouncer did not start: ${(error as Error).message}\n${log}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** PgBouncer refuses to run as root; there it runs as the `postgres` user, as the embedded PostgreSQL does. */
function unprivileged(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) => Number.parseInt(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }), 10);
  return { uid: id('-u'), gid: id('-g') };
}
