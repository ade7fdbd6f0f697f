import { spawn } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { findFreePort } from '#server/lib/free-port';

export interface RunningProduct {
  baseUrl: string;
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * Starts the product as `npm start` does, on a free port with a throw-away data directory and its own embedded
 * PostgreSQL, and waits until it answers healthy. `stop()` ends it and removes the directory. Used by the browser
 * journeys (e2e/global-setup.ts) and the Lighthouse audit (bench/lighthouse.ts).
 */
export async function startProduct(options: { env?: Record<string, string>; label: string }): Promise<RunningProduct> {
  // The free port is found before the product binds it, and the product's own PostgreSQL picks a free port in between:
  // rarely the same one. A start that exits early is tried again on another port.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(options);
    } catch (error) {
      if (!(error instanceof ExitedEarly) || attempt === 3) throw error;
      console.warn(`The product exited before it was ready (attempt ${attempt}); starting it again on another port.`);
    }
  }
}

class ExitedEarly extends Error {}

async function startOnce({ env = {}, label }: { env?: Record<string, string>; label: string }): Promise<RunningProduct> {
  const dataDir = await mkdtemp(join(tmpdir(), `promptcron-${label}-`));
  await chmod(dataDir, 0o755); // the embedded PostgreSQL runs as the `postgres` user when we are root
  const port = await findFreePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['bin/promptcron.js', 'main'], {
    env: {
      ...process.env,
      PORT: String(port),
      APP_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: '', // always its own embedded database, whatever the shell says
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => server.on('exit', () => resolve()));
  const stop = async () => {
    if (server.exitCode === null) server.kill('SIGTERM');
    await exited;
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    for (let attempt = 0; ; attempt++) {
      if (server.exitCode !== null) throw new ExitedEarly('The server exited before it was ready; see its output above.');
      if (attempt > 600) throw new Error('The server did not become healthy within 60 s.');
      const healthy = await fetch(`${baseUrl}/api/health`).then(
        (response) => response.ok,
        () => false,
      );
      if (healthy) break;
      await sleep(100);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, dataDir, stop };
}
