import { dailyTaskBody, expect, signUp, test } from './fixtures';

/** ADR 0117: a past range's slots run one after another from the task page's "Backfill…". */
test('backfill three past days from the task page and find their runs in its history', async ({ page }) => {
  test.setTimeout(90_000);
  const email = await signUp(page, { name: 'Backfill Author', label: 'backfill' });
  // Daily at 09:00 UTC as a cron, so that its past days are slots (a simple schedule starts on its start date).
  const { localTime: _time, ...daily } = dailyTaskBody({ name: 'Daily report', email });
  const created = await page.request.post('/api/tasks', {
    data: { ...daily, scheduleType: 'custom', customCron: '0 9 * * *' },
    headers: { Origin: test.info().project.use.baseURL ?? '' },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { task } = (await created.json()) as { task: { id: string } };

  await page.goto(`/dashboard/tasks/${task.id}`);
  await page.getByRole('button', { name: 'Backfill…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Backfill' });
  await expect(dialog.getByText('Times are in UTC.')).toBeVisible();
  const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
  await dialog.getByLabel('From').fill(`${daysAgo(4)}T00:00`);
  await dialog.getByLabel('To').fill(`${daysAgo(2)}T23:59`);
  await expect(dialog.getByRole('status')).toHaveText('3 slots in this range; those that already ran are left alone.');
  await dialog.getByRole('button', { name: 'Run 3 slots' }).click();
  await expect(page.getByText('Backfill started')).toBeVisible();
  await expect(page.getByText('3 runs follow one after another.')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The runs follow one after another; the page shows them once it is read again.
  const history = page.getByRole('region', { name: 'Run history' });
  await expect(async () => {
    await page.reload();
    await expect(history.getByText('Backfill', { exact: true })).toHaveCount(3, { timeout: 1_000 });
    await expect(history.getByText('Processing')).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 45_000 });

  // History says what started a run too.
  await page.goto('/dashboard/history');
  await page
    .getByRole('button', { name: /^View Full Results of Daily report/ })
    .first()
    .click();
  const results = page.getByRole('dialog', { name: 'Daily report' });
  await expect(results.getByText('Trigger', { exact: true }).locator('xpath=following-sibling::dd')).toHaveText('Backfill');
});
