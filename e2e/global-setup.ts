import { spawn } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { findFreePort } from '../src/server/lib/free-port';
import { startMailServer } from '../test/mail-server';
import { startOpenAiServer } from '../test/openai-server';
import { e2eModelAnswer, e2eModelDelayMs } from './support';

/**
 * Starts the product as `npm start` does, on a free port with a throw-away data directory, sending its mail to a
 * real SMTP server that stores what it receives for the journeys to read, and its prompts to a local
 * OpenAI-compatible server (test/openai-server.ts); stops all three afterwards.
 */
export default async function globalSetup() {
  const dataDir = await mkdtemp(join(tmpdir(), 'promptcron-e2e-'));
  await chmod(dataDir, 0o755); // the embedded PostgreSQL runs as the `postgres` user when we are root
  const mailDir = join(dataDir, 'received-mail');
  const mail = await startMailServer({ storeDir: mailDir });
  const model = await startOpenAiServer({ defaultText: e2eModelAnswer, defaultDelayMs: e2eModelDelayMs });
  const port = await findFreePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      APP_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: '', // always the suite's own embedded database, whatever the shell says
      SMTP_URL: mail.url,
      OPENAI_API_KEY: 'sk-e2e-local-model',
      OPENAI_BASE_URL: model.baseUrl,
      // Webhook tasks in the journeys deliver to receivers on this machine.
      ALLOW_PRIVATE_WEBHOOKS: 'true',
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => server.on('exit', () => resolve()));

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
  // The first account of a fresh install becomes its admin. Claim that seat, so every journey's own sign-up is a
  // regular user whatever order the journeys run in.
  const owner = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: baseUrl },
    body: JSON.stringify({ name: 'Install Owner', email: 'owner@promptcron.test', password: 'Owner-Passw0rd-for-e2e!' }),
  });
  if (!owner.ok) throw new Error(`Could not create the install owner: ${owner.status} ${await owner.text()}`);

  // Test workers start after global setup and inherit these, so `baseURL` in the config picks it up.
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_DATA_DIR = dataDir;
  process.env.E2E_MAIL_DIR = mailDir;

  return async () => {
    server.kill('SIGTERM');
    await exited;
    await mail.stop();
    await model.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
