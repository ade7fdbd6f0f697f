import { randomInt } from 'node:crypto';
import { execFile } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { test as base, expect, type Page } from '@playwright/test';
import { strongPassword } from '#test/fixtures';
import { waitForStoredMail, type ReceivedMail } from '#test/mail-server';

/**
 * The one helper module of the browser journeys: the `test` every journey runs with (it fails on browser errors),
 * the shared password, sign-up, the mail the product sent and the command-line tools an operator would use.
 */

export { expect, strongPassword };

/**
 * The accounts global-setup.ts signs in once per run, whose sessions journeys start with (`test.use({ signedInAs })`)
 * instead of signing up through the form each time: `admin` is the install's first account, which administers it;
 * `member` a plain user on Free. Shared by every journey that uses them, so only for journeys that change nothing
 * about the account (its plan, role, password, sessions or tasks); the others sign up an account of their own with
 * `signUp`.
 */
export type Role = 'admin' | 'member';

/** The saved session (`storageState`) of a role's account, for a context or request context of a journey's own. */
export function storageStateOf(role: Role): string {
  const authDir = process.env.E2E_AUTH_DIR;
  if (!authDir) throw new Error('E2E_AUTH_DIR is not set: run the journeys through playwright.config.ts');
  return join(authDir, `${role}.json`);
}

const failedResourcePattern = /^Failed to load resource: the server responded with a status of (\d{3})/;

export interface BrowserErrors {
  /**
   * Declares an HTTP error the journey provokes on purpose (a wrong password, a spent link): Chromium logs every
   * failed response to the console, and only the declared ones may appear.
   */
  expectFailedResponse(status: number): void;
}

/**
 * Every journey fails on a console error or an uncaught exception in the page: a user would not see them, but
 * they are bugs all the same.
 */
export const test = base.extend<{ browserErrors: BrowserErrors; signedInAs: Role | undefined }>({
  /** The role whose saved session the journey's browser starts with; signed out by default. */
  signedInAs: [undefined, { option: true }],
  storageState: async ({ storageState, signedInAs }, use) => {
    await use(signedInAs ? storageStateOf(signedInAs) : storageState);
  },
  browserErrors: [
    async ({ page }, use) => {
      // Each journey comes from its own address (the e2e server trusts X-Forwarded-For, global-setup.ts), as real
      // visitors do: sign-up allows 20 per address an hour, and the suite signs up more than that from one machine.
      await page.context().setExtraHTTPHeaders({ 'X-Forwarded-For': `198.18.${randomInt(256)}.${1 + randomInt(254)}` });
      const errors: string[] = [];
      const expectedStatuses: number[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const status = failedResourcePattern.exec(message.text())?.[1];
        const expected = status === undefined ? -1 : expectedStatuses.indexOf(Number(status));
        if (expected >= 0) expectedStatuses.splice(expected, 1);
        else errors.push(`console: ${message.text()}`);
      });
      page.on('pageerror', (error) => errors.push(`exception: ${error.message}`));
      await use({ expectFailedResponse: (status) => expectedStatuses.push(status) });
      expect(errors, 'errors in the browser console').toEqual([]);
    },
    { auto: true },
  ],
});

/**
 * Holds every request for the SPA's main chunk until `release()`, for journeys on the pages that arrive without it
 * (ADR 0013, 0054, 0057); the page's own small script is not held.
 */
export async function holdTheApp(page: Page): Promise<{ release: () => void; requested: () => boolean }> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let requested = false;
  await page.route(/\/assets\/app-[\w-]+\.js$/, async (route) => {
    requested = true;
    await released;
    await route.continue();
  });
  return { release, requested: () => requested };
}

/**
 * Signs the browser up to a new account through the API, as the register form does, without the form's page loads:
 * for journeys that change their account or need it empty, and are not about the form (registerThroughForm is).
 * The session cookie lands in the page's context, so its next page is signed in. Returns the e-mail.
 */
export async function signUp(page: Page, { name, label }: { name: string; label: string }): Promise<string> {
  const email = uniqueEmail(label);
  const response = await page.request.post('/api/auth/sign-up/email', {
    data: { name, email, password: strongPassword },
    headers: { Origin: test.info().project.use.baseURL ?? '' },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return email;
}

/** A browser signed in through the API (as the register form does) to a new account with one task; its e-mail. */
export async function signedInWithTask(
  page: Page,
  { name, taskName, confirmAddress = false }: { name: string; taskName: string; confirmAddress?: boolean },
): Promise<string> {
  const email = await signUp(page, { name, label: 'signed-in-with-task' });
  const task = await page.request.post('/api/tasks', {
    data: dailyTaskBody({ name: taskName, email }),
    headers: { Origin: test.info().project.use.baseURL ?? '' },
  });
  expect(task.ok()).toBe(true);
  if (confirmAddress) await confirmOwnAddress(page, { email });
  return email;
}

/** Whether a mail is the one sign-up sends to prove the account's own address (ADR 0109). */
export const isOwnAddressConfirmation = (mail: ReceivedMail) => mail.subject === 'Confirm your e-mail address';

/** The link of the "Confirm your e-mail address" mail sign-up sent to `email`, as its path and query on this app. */
export async function ownAddressLink(email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const mail = (await allMailTo(email)).find(isOwnAddressConfirmation);
        link = mail?.links.find((url) => url.includes('/confirm-email?token='));
        return link !== undefined;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  const url = new URL(link ?? '');
  return url.pathname + url.search;
}

/**
 * A new account proves its own address as its owner would (ADR 0109): the mail sign-up sent has a link, and the owner
 * presses Confirm on the page it opens. Results reach the address from then on.
 */
export async function confirmOwnAddress(page: Page, { email }: { email: string }) {
  await page.goto(await ownAddressLink(email));
  await page.getByRole('button', { name: 'Confirm my e-mail address' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'E-mail address confirmed' })).toBeVisible();
}

/**
 * Opens /dashboard and lets the SPA take over the page the server rendered (ADR 0057) before the journey goes on, so
 * the journey meets the page as the register form leaves it, with the SPA in charge; the first sign of use (here the
 * pointer moving) starts it. `name` is the account's, greeted on the page: "Welcome" while the account is still in
 * the session it signed up in (global-setup.ts's and `signUp`'s are), "Welcome back" once it has signed in again.
 */
export async function openDashboard(page: Page, name: string, { returning = false }: { returning?: boolean } = {}) {
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: `${returning ? 'Welcome back' : 'Welcome'}, ${name}`, exact: true })).toBeVisible();
  // Without its queries the page was not rendered on the server, and the SPA already has it.
  if ((await page.locator('#prefetched-queries').count()) === 0) return;
  const staticPage = await page.locator('#root > *').first().elementHandle();
  await page.mouse.move(1, 1);
  await expect.poll(() => staticPage?.evaluate((element) => element.isConnected), { timeout: 20_000 }).toBe(false);
}

/** The first mail to `address` besides the "Confirm your e-mail address" one every new account gets (ADR 0109). */
export function mailTo(address: string) {
  return waitForStoredMail(mailDirectory(), address, (mail) => !isOwnAddressConfirmation(mail));
}

/**
 * Every message sent to `address` so far, oldest first, without waiting: for counting them, e.g. with `expect.poll`
 * when a message may take longer than `mailTo`'s 10 s on a busy machine.
 */
export async function allMailTo(address: string): Promise<ReceivedMail[]> {
  const mailDir = mailDirectory();
  // The store writes `<time>-<n>.json` only once a message is complete (test/mail-server.ts).
  const files = (await readdir(mailDir)).filter((file) => file.endsWith('.json')).sort();
  const mails = await Promise.all(files.map(async (file) => JSON.parse(await readFile(join(mailDir, file), 'utf8')) as ReceivedMail));
  return mails.filter((mail) => mail.to.includes(address.toLowerCase()));
}

function mailDirectory(): string {
  const mailDir = process.env.E2E_MAIL_DIR;
  if (!mailDir) throw new Error('E2E_MAIL_DIR is not set: run the journeys through playwright.config.ts');
  return mailDir;
}

/** `npm run user -- promote EMAIL`, next to the running server, as an operator would. */
export async function promoteToAdmin(email: string) {
  await promisify(execFile)(process.execPath, ['bin/promptcron.js', 'user', 'promote', email], {
    env: { PATH: process.env.PATH ?? '', DATA_DIR: process.env.E2E_DATA_DIR ?? '' },
  });
}

/** Recomputes the status page's figures now, next to the running server, instead of at the queue's next round. */
export async function rollUpStatus() {
  await promisify(execFile)(process.execPath, ['bin/promptcron.js', 'status-rollup'], {
    env: { PATH: process.env.PATH ?? '', DATA_DIR: process.env.E2E_DATA_DIR ?? '' },
  });
}

/** A unique address per run and test, so journeys never collide in the shared database. */
export function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
}

/** A daily task's body for `POST /api/tasks`, e-mailed to `email`: what journeys create through the API for speed. */
export function dailyTaskBody({
  name,
  email,
  model = 'gpt-5-nano',
  localTime = '09:00',
  input = 'Write a two-line morning greeting.',
}: {
  name: string;
  email: string;
  model?: string;
  /** HH:MM on the wall clock of the task's zone, UTC (ADR 0116). */
  localTime?: string;
  input?: string;
}) {
  return {
    name,
    provider: 'openai',
    model,
    scheduleType: 'daily',
    localTime,
    timezone: 'UTC',
    prompt: { input, temperature: 1, searchEnabled: false },
    deliveryMethod: 'email',
    deliveryConfig: { email },
  };
}

/**
 * What the local model (test/openai-server.ts, started by global-setup.ts) answers every prompt with: Markdown, so the
 * history's "View Full Results" has something to render.
 */
export const e2eModelAnswer =
  '## Three scheduling facts\n\n1. **Cron** dates from Version 7 Unix.\n2. Schedules are stored in UTC.\n3. Every run is kept in the history.';

/**
 * The local model refuses any prompt containing this text (HTTP 400, "OpenAI refused the prompt: ..."), so a journey
 * can make its own task's runs fail while every other prompt gets `e2eModelAnswer`.
 */
export const e2eRefusedPromptMarker = '[e2e: refuse this prompt]';

/**
 * A prompt containing this marker gets `e2eJobsAnswer` from the local model: job postings as data, for a journey's
 * structured task (ADR 0119).
 */
export const e2eJobsPromptMarker = '[e2e: job postings]';
export const e2eJobsAnswer = JSON.stringify({
  items: [
    { title: 'Backend engineer', salary: 92000 },
    { title: 'Data analyst', salary: 78000 },
  ],
});

/** The model answers after this pause, as a real one does, so a journey can watch a run go from processing to completed. */
export const e2eModelDelayMs = 2_000;

/** Signs up through the register form as a new user would, ending on the dashboard; returns the e-mail used. */
export async function registerThroughForm(page: Page, { name, label }: { name: string; label: string }): Promise<string> {
  const email = uniqueEmail(label);
  await page.goto('/register');
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(strongPassword);
  await page.getByRole('checkbox', { name: /I agree to the/ }).check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return email;
}

/** Sign In from the header on a desktop, from the menu on a phone. */
export async function clickSignIn(page: Page) {
  const header = page.getByRole('banner');
  const menuButton = header.getByRole('button', { name: 'Open menu' });
  if (await menuButton.isVisible()) {
    await menuButton.click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Sign In' }).click();
  } else {
    await header.getByRole('link', { name: 'Sign In' }).click();
  }
}
