import { allMailTo, expect, rollUpStatus, signedInWithTask, test } from './fixtures';

test('the public status page shows the service now and today’s figures, the run just delivered included', async ({ page }) => {
  // A run that waits for the model and its e-mail, then the rollup as a process of its own, maybe twice.
  test.setTimeout(150_000);
  const email = await signedInWithTask(page, { name: 'Status Reader', taskName: 'Status check', confirmAddress: true });
  await page.goto('/dashboard/tasks');
  await page.getByRole('table').getByRole('link', { name: 'Status check' }).click();
  await page.getByRole('button', { name: 'Run Now' }).click();
  await expect(page.getByText('Task completed')).toBeVisible();
  await expect
    .poll(async () => (await allMailTo(email)).some((mail) => mail.subject.startsWith('Run now: Status check')), { timeout: 30_000 })
    .toBe(true);

  // From the public footer, signed out as any visitor is.
  await page.context().clearCookies();
  await page.goto('/about');
  await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Status' }).click();
  await expect(page).toHaveURL(/\/status$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Promptcron status' })).toBeVisible();
  await expect(page.getByRole('main').getByText('All systems operational', { exact: true })).toBeVisible();
  await expect(page.getByText('Sent through the SMTP server.')).toBeVisible();
  await expect(page.getByText(/^\d+ workers? running\.$/)).toBeVisible();

  // Today's delivery share is a figure, not a dash, once the rollup has counted the run delivered above.
  await expect(async () => {
    await rollUpStatus();
    await page.reload();
    await expect(page.getByText(/^Today so far: [\d,]+ scheduled runs?, .+, \d+\.\d% of deliveries arrived\.$/)).toBeVisible({
      timeout: 5_000,
    });
  }).toPass({ timeout: 90_000 });
  await page.getByText('Daily figures (table)').click();
  const today = page
    .getByRole('table', { name: /per day, newest first/ })
    .getByRole('row')
    .nth(1);
  await expect(today.getByRole('cell').last()).toHaveText(/^\d+\.\d%$/);
  await expect(page.getByRole('heading', { name: 'Incidents' })).toBeVisible();
});
