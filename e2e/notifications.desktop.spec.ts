import type { Page } from '@playwright/test';
import { allMailTo, e2eRefusedPromptMarker, expect, signUp, test } from './fixtures';

/** After the first notice arrives, how long the journey keeps watching the mailbox for a second one. */
const quietAfterNoticeMs = 4_000;

async function openNotificationSettings(page: Page) {
  await page.goto('/dashboard/settings?tab=notifications');
  const taskErrors = page.getByRole('switch', { name: 'Task Errors' });
  await expect(taskErrors).toBeVisible();
  return taskErrors;
}

test('Task Errors: a failing run sends one e-mail, whose link turns the switch off', async ({ page }) => {
  test.setTimeout(120_000);
  const email = await signUp(page, { name: 'Notice Reader', label: 'task-errors' });

  // Settings → Notifications. Task Errors is on for a new account (user-settings.schema.ts), so there is nothing to
  // turn on: the journey checks that it is, and that the two other switches are off.
  await expect(await openNotificationSettings(page)).toBeChecked();
  await expect(page.getByRole('switch', { name: 'Task Completion' })).not.toBeChecked();
  await expect(page.getByRole('switch', { name: 'Weekly Digest' })).not.toBeChecked();

  // A task the local model refuses (see e2e/fixtures.ts): every run of it fails. It delivers by e-mail to the
  // account's own address, the default, so a failed run sends nothing of its own: the notice is the only mail.
  const taskName = `Refused brief ${Date.now()}`;
  await page.goto('/dashboard/tasks/new');
  await page.getByLabel('Task Name').fill(taskName);
  await page.getByLabel('Prompt', { exact: true }).fill(`Write a two-line morning greeting. ${e2eRefusedPromptMarker}`);
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
  await page.getByRole('button', { name: 'Create Task' }).click();
  await expect(page.getByText('Task created')).toBeVisible();
  await page
    .getByRole('table')
    .getByRole('row', { name: new RegExp(taskName) })
    .getByRole('link', { name: 'View task' })
    .click();
  await expect(page.getByRole('heading', { name: taskName })).toBeVisible();

  await page.getByRole('button', { name: 'Run Now' }).click();
  await expect(page.getByText('Error running task')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/OpenAI refused the prompt/).first()).toBeVisible();
  const history = page.getByRole('region', { name: 'Run history' });
  await expect(history.locator('[data-run-status]')).toHaveAttribute('data-run-status', 'error');

  // The notice: "<task> failed", with the error in words, a link to the task and its own unsubscribe link.
  // Saving the task asked nothing of the new account's own address (ADR 0109): this is the only mail naming the task.
  const aboutTask = async () => (await allMailTo(email)).filter((mail) => mail.subject.includes(taskName));
  await expect.poll(async () => (await aboutTask()).map((mail) => mail.subject), { timeout: 30_000 }).toEqual([`${taskName} failed`]);
  const noticeSeenAt = Date.now();
  const [notice] = await aboutTask();
  expect(notice?.text).toContain(`A run of your task "${taskName}" failed.`);
  expect(notice?.text).toContain('OpenAI refused the prompt');
  expect(notice?.links.some((link) => /\/dashboard\/tasks\/[^/?]+$/.test(link))).toBe(true);
  // RFC 8058: mail programs offer their own unsubscribe button, which POSTs to this URL without a browser.
  expect(notice?.headers['list-unsubscribe']).toMatch(/^<https?:\/\/[^>]+\/api\/unsubscribe\?token=[^>]+>$/);
  expect(notice?.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  const unsubscribeLink = notice?.links.find((link) => new URL(link).pathname === '/unsubscribe');
  expect(unsubscribeLink, 'the notice links to /unsubscribe').toBeDefined();

  // Exactly one: the mailbox is watched a few seconds more, and a second message about the task fails the journey.
  const countOnceQuiet = async () => {
    const count = (await aboutTask()).length;
    return count === 1 && Date.now() - noticeSeenAt < quietAfterNoticeMs ? 'still watching' : count;
  };
  await expect.poll(countOnceQuiet, { timeout: quietAfterNoticeMs + 10_000, intervals: [500] }).toBe(1);

  // The e-mail's link, opened in the browser: the page turns the switch off by itself and offers to undo it.
  await page.goto(unsubscribeLink ?? '');
  await expect(page.getByRole('heading', { name: "You're unsubscribed" })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(`You will no longer get "Task Errors" e-mails at ${email}.`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Turn back on' })).toBeEnabled();

  // Settings, freshly loaded, agree: Task Errors is off, the others unchanged.
  await page.getByRole('link', { name: 'Notification settings' }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings\?tab=notifications$/);
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Task Errors' })).not.toBeChecked();
  await expect(page.getByRole('switch', { name: 'Task Completion' })).not.toBeChecked();
  await expect(page.getByRole('switch', { name: 'Weekly Digest' })).not.toBeChecked();
});
