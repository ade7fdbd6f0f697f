import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startMailServer } from '../test/mail-server';
import { startProduct } from './start-product';

/**
 * Starts the product as `npm start` does, on a free port with a throw-away data directory, sending its mail to a
 * real SMTP server that stores what it receives for the journeys to read; stops both afterwards.
 */
export default async function globalSetup() {
  const mailDir = await mkdtemp(join(tmpdir(), 'promptcron-e2e-mail-'));
  const mail = await startMailServer({ storeDir: mailDir });
  const product = await startProduct({
    label: 'e2e',
    env: { SMTP_URL: mail.url, LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn' },
  }).catch(async (error: unknown) => {
    await mail.stop();
    throw error;
  });
  const baseUrl = product.baseUrl;

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
  process.env.E2E_DATA_DIR = product.dataDir;
  process.env.E2E_MAIL_DIR = mailDir;

  return async () => {
    await product.stop();
    await mail.stop();
    await rm(mailDir, { recursive: true, force: true });
  };
}
