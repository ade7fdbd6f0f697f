import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { confirmOwnAddress, e2eModelAnswer, expect, signUp, test } from './fixtures';

// A zone other than the machine's, so the export's timezone is the reader's and not a default.
test.use({ timezoneId: 'Europe/Berlin' });

async function register(page: Page) {
  return signUp(page, { name: 'History Reader', label: 'history' });
}

test('run a task now and watch it reach the history live, read the full result, export it', async ({ page, context }) => {
  // Two tabs, a 2-second model answer and an export: about 25 s alone, over a minute on a busy two-core machine.
  test.setTimeout(120_000);
  const email = await register(page);

  await page.goto('/dashboard/tasks/new');
  await page.getByLabel('Task Name').fill('History digest');
  await page.getByLabel('Prompt', { exact: true }).fill('List three facts about scheduling.');
  await page.getByRole('button', { name: 'Create Task' }).click();
  await expect(page.getByText('Task created')).toBeVisible();
  // The new account proves its address from its inbox, in a tab of its own (ADR 0109).
  const inbox = await context.newPage();
  await confirmOwnAddress(inbox, { email });
  await inbox.close();

  // The history, open before the run exists, and never reloaded afterwards.
  await page.getByRole('link', { name: 'History', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/history$/);
  await expect(page.getByText('No task runs found')).toBeVisible();
  await page.evaluate(() => Object.assign(window, { historyPageMarker: true }));

  // Run Now from the task's page, in another tab of the same session.
  const taskPage = await context.newPage();
  await taskPage.goto('/dashboard/tasks');
  await taskPage.getByRole('table').getByRole('link', { name: 'History digest' }).click();
  await taskPage.getByRole('button', { name: 'Run Now' }).click();

  // The row appears while the model is still answering, then turns completed, pushed by the server.
  const row = page.getByRole('row', { name: /History digest/ });
  await expect(row.locator('[data-run-status]')).toHaveText('Processing');
  await expect(row.locator('[data-run-status]')).toHaveText('Completed');
  await expect(page.getByText('Showing 1 of 1')).toBeVisible();
  expect(await page.evaluate(() => (window as { historyPageMarker?: boolean }).historyPageMarker)).toBe(true);
  await expect(taskPage.getByText('Task completed')).toBeVisible();
  await taskPage.close();

  // The expanded row: provider and the start of the answer.
  await row.getByRole('button', { name: /^Details of History digest/ }).click();
  await expect(page.getByText('OpenAI · GPT-5 nano')).toBeVisible();
  await expect(page.getByText(/^## Three scheduling facts/)).toBeVisible();

  // The full result, as rendered Markdown.
  await row.getByRole('button', { name: /^View Full Results of History digest/ }).click();
  const dialog = page.getByRole('dialog', { name: 'History digest' });
  await expect(dialog.getByRole('heading', { name: 'Three scheduling facts' })).toBeVisible();
  await expect(dialog.locator('strong', { hasText: 'Cron' })).toBeVisible();
  await expect(dialog.getByRole('region', { name: 'Result' }).getByRole('listitem')).toHaveCount(3);
  await expect(dialog.locator('[data-run-status]')).toHaveText('Completed');
  const runId = await dialog.getByText('Run ID', { exact: true }).locator('xpath=following-sibling::dd').textContent();
  expect(runId).toMatch(/^[0-9a-f-]{36}$/);
  await dialog.getByRole('button', { name: 'Close' }).click();

  // Search narrows the list on the server.
  const search = page.getByRole('searchbox', { name: 'Search history' });
  await search.fill('no such task');
  await expect(page.getByText('No matching task runs found')).toBeVisible();
  await search.fill('history dig');
  await expect(row).toBeVisible();

  // Time ranges: a day without runs, then today in the reader's zone; another range clears the date again.
  const range = page.getByLabel('Time range');
  const date = page.getByLabel('Date', { exact: true });
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());
  await range.selectOption({ label: 'Last 24 hours' });
  await expect(row).toBeVisible();
  await expect(date).toBeDisabled();
  await range.selectOption({ label: 'All time' });
  await date.fill('2020-01-01');
  await expect(range).toHaveValue('date');
  await expect(page.getByText('No matching task runs found')).toBeVisible();
  await range.selectOption({ label: 'Last 7 days' });
  await expect(date).toHaveValue('');
  await expect(row).toBeVisible();
  await range.selectOption({ label: 'All time' });
  await date.fill(today);
  await expect(range).toHaveValue('date');
  await expect(row).toBeVisible();

  // Export what the filter shows.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const download = await downloading;
  await expect(page.getByText('Export successful')).toBeVisible();
  expect(download.suggestedFilename()).toMatch(/^task-history-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.json$/);
  const file = JSON.parse(await readFile(await download.path(), 'utf8')) as {
    metadata: Record<string, unknown>;
    task_runs: Record<string, unknown>[];
  };
  expect(file.metadata).toEqual({
    exported_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    user_email: email,
    timezone: 'Europe/Berlin',
    filter: { date_range: today, search_query: 'history dig' },
    total_records: 1,
  });
  expect(file.task_runs).toEqual([
    {
      task_name: 'History digest',
      status: 'completed',
      started_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      completed_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      duration: expect.stringMatching(/^\d+(\.\d)?s$/),
      result: e2eModelAnswer,
      error: null,
      // What the run sent and what it cost (issue 23): the local model reports its usage as OpenAI does.
      prompt: expect.any(String),
      input_tokens: expect.any(Number),
      output_tokens: expect.any(Number),
      estimated_cost_usd: expect.any(Number),
      // How its delivery went (issue 37): the e-mail went out.
      delivery: 'Delivered',
      delivery_reason: null,
      delivery_next_attempt_at: null,
      // Its proof (issue 40): Run Now has no slot to be late for; the suite's mail server's reply is the receipt.
      lateness_ms: null,
      delivered_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      delivery_receipt: expect.stringMatching(/^Mail server: "250 2\.0\.0 Ok: queued as \w+" \(queue id \w+\)$/),
      // A free-text task's run has no output as data (ADR 0119).
      output: null,
    },
  ]);

  // The overview counts the run and lists it among the recent ones.
  await page.getByRole('link', { name: 'Overview', exact: true }).click();
  await expect(page.locator('[data-stat="Runs Completed"]')).toHaveText('1');
  await expect(page.locator('[data-stat="Success Rate"]')).toHaveText('100%');
  const recent = page.getByRole('region', { name: 'Recent Runs' });
  await expect(recent.getByRole('link', { name: 'History digest' })).toBeVisible();
  await expect(recent.locator('[data-run-status]')).toHaveText('Completed');
  // A new account is on the Free plan: its one run counts against 300 a month.
  await expect(page.getByRole('region', { name: 'Monthly quota' })).toContainText('1 of 300 runs this month');
});
