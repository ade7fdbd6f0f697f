import { confirmOwnAddress, dailyTaskBody, expect, openDashboard, signUp, test } from './fixtures';

// ADR 0109: a new account's results to its own address wait for the "Confirm your e-mail address" mail sign-up sent.
test('a new account confirms its own address from the sign-up mail; until then the dashboard and Run Now say so', async ({ page }) => {
  test.setTimeout(60_000);
  const email = await signUp(page, { name: 'Owen Own', label: 'own-address' });
  await openDashboard(page, 'Owen Own');
  const banner = page.getByRole('region', { name: 'Confirm your e-mail address' });
  await expect(banner).toContainText(`We sent a link to ${email}.`);

  const created = await page.request.post('/api/tasks', {
    data: dailyTaskBody({ name: 'Own digest', email }),
    headers: { Origin: test.info().project.use.baseURL ?? '' },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { task } = (await created.json()) as { task: { id: string } };
  await page.goto(`/dashboard/tasks/${task.id}`);
  await expect(page.getByText('Results e-mailed to you wait until you confirm your e-mail address.')).toBeVisible();

  await page.getByRole('button', { name: 'Run Now' }).click();
  const toast = page.locator('[data-sonner-toast]');
  await expect(toast.getByText('Task completed · not delivered')).toBeVisible({ timeout: 20_000 });
  await expect(toast.getByText('Not delivered: confirm your e-mail address')).toBeVisible();
  const history = page.getByRole('region', { name: 'Run history' });
  await expect(history.locator('[data-run-status]')).toHaveText('Not delivered: confirm your e-mail address');

  await confirmOwnAddress(page, { email });
  await openDashboard(page, 'Owen Own');
  await expect(page.getByRole('heading', { name: 'Recent Runs' })).toBeVisible();
  await expect(banner).toHaveCount(0);
});
