import { spawn } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { findFreePort } from '../src/server/lib/free-port';

/** Starts the product as `npm start` does, on a free port with a throw-away data directory; stops it afterwards. */
export default async function globalSetup() {
  const dataDir = await mkdtemp(join(tmpdir(), 'promptcron-e2e-'));
  await chmod(dataDir, 0o755); // the embedded PostgreSQL runs as the `postgres` user when we are root
  const port = await findFreePort();
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => server.on('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;

  for (let attempt = 0; ; attempt++) {
    if (server.exitCode !== null) throw new Error('The server exited before it was ready; see its output above.');
    if (attempt > 600) throw new Error('The server did not become healthy within 60 s.');
    const healthy = await fetch(`${baseUrl}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    await sleep(100);
  }
  // Test workers start after global setup and inherit this, so `baseURL` in the config picks it up.
  process.env.E2E_BASE_URL = baseUrl;

  return async () => {
    server.kill('SIGTERM');
    await exited;
    await rm(dataDir, { recursive: true, force: true });
  };
}
