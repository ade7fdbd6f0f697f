import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from '@playwright/test';
import { startMailServer } from '#test/mail-server';
import { startOpenAiServer } from '#test/openai-server';
import { startStripeServer } from '#test/stripe-server';
import { startProduct } from './start-product';
import {
  e2eJobsAnswer,
  e2eJobsPromptMarker,
  e2eModelAnswer,
  e2eModelDelayMs,
  e2eRefusedPromptMarker,
  strongPassword,
  type Role,
} from './fixtures';

/**
 * Starts the product as `npm start` does, on a free port with a throw-away data directory, sending its mail to a
 * real SMTP server that stores what it receives for the journeys to read, and its prompts to a local
 * OpenAI-compatible server (test/openai-server.ts), and its payments to a local Stripe stand-in
 * (test/stripe-server.ts); stops them all afterwards.
 */
export default async function globalSetup() {
  const mailDir = await mkdtemp(join(tmpdir(), 'promptcron-e2e-mail-'));
  const mail = await startMailServer({ storeDir: mailDir });
  const model = await startOpenAiServer({
    defaultText: e2eModelAnswer,
    defaultDelayMs: e2eModelDelayMs,
    refusePromptsContaining: e2eRefusedPromptMarker,
    answerPromptsContaining: { [e2eJobsPromptMarker]: e2eJobsAnswer },
  });
  // Stripe's stand-in (test/stripe-server.ts): its checkout page posts signed events to the product's webhook.
  const stripe = await startStripeServer();
  const product = await startProduct({
    label: 'e2e',
    env: {
      SMTP_URL: mail.url,
      OPENAI_API_KEY: 'sk-e2e-local-model',
      OPENAI_BASE_URL: model.baseUrl,
      // Webhook tasks in the journeys deliver to receivers on this machine.
      ALLOW_PRIVATE_WEBHOOKS: 'true',
      // Journeys send their own X-Forwarded-For (fixtures.ts), so rate limits per address apply per journey.
      TRUST_PROXY: 'true',
      STRIPE_SECRET_KEY: stripe.apiKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_BASE: stripe.baseUrl,
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    },
  }).catch(async (error: unknown) => {
    await Promise.all([mail.stop(), model.stop(), stripe.stop()]);
    throw error;
  });
  const baseUrl = product.baseUrl;
  stripe.setWebhookUrl(`${baseUrl}/api/billing/webhook`);

  // The first account of a fresh install becomes its admin. Claim that seat, so every journey's own sign-up is a
  // regular user whatever order the journeys run in. It and a plain member are signed in once here, and journeys that
  // only need to be signed in as one of them start with its saved session (fixtures.ts, `signedInAs`).
  const authDir = await mkdtemp(join(tmpdir(), 'promptcron-e2e-auth-'));
  const signUpAndSave = async (role: Role, account: { name: string; email: string; password: string }) => {
    const api = await request.newContext({ baseURL: baseUrl, extraHTTPHeaders: { Origin: baseUrl } });
    try {
      const response = await api.post('/api/auth/sign-up/email', { data: account });
      if (!response.ok()) throw new Error(`Could not create the ${role}: ${response.status()} ${await response.text()}`);
      await api.storageState({ path: join(authDir, `${role}.json`) });
    } finally {
      await api.dispose();
    }
  };
  try {
    // One after the other: the admin must be the first account.
    await signUpAndSave('admin', {
      name: 'Install Owner',
      email: 'owner@promptcron.test',
      password: 'Owner-Passw0rd-for-e2e!',
    });
    await signUpAndSave('member', { name: 'Signed-in Member', email: 'member@promptcron.test', password: strongPassword });
  } catch (error) {
    await Promise.all([product.stop(), mail.stop(), model.stop(), stripe.stop()]);
    await rm(authDir, { recursive: true, force: true });
    await rm(mailDir, { recursive: true, force: true });
    throw error;
  }

  // Test workers start after global setup and inherit these, so `baseURL` in the config picks it up.
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_DATA_DIR = product.dataDir;
  process.env.E2E_MAIL_DIR = mailDir;
  process.env.E2E_STRIPE_URL = stripe.baseUrl;
  process.env.E2E_AUTH_DIR = authDir;

  return async () => {
    await product.stop();
    await mail.stop();
    await model.stop();
    await stripe.stop();
    await rm(mailDir, { recursive: true, force: true });
    await rm(authDir, { recursive: true, force: true });
  };
}
