import { expect, test } from './fixtures';

test('the landing page shows the hero, the live status and the configured links', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(/Promptcron/);
  await expect(page.getByRole('heading', { level: 1, name: 'Time-Triggered AI Automation' })).toBeVisible();
  await expect(page.getByText('Automate your workflow with AI-powered scheduled tasks.').first()).toBeVisible();

  const waitlist = page.getByRole('link', { name: 'Join Waitlist' });
  await expect(waitlist).toHaveAttribute('href', 'https://promptcron.com/waitlist');
  await expect(waitlist).toHaveAttribute('target', '_blank');

  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('status')).toHaveText('All systems operational');
  await expect(footer).toContainText(`© ${new Date().getFullYear()} Promptcron`);
  for (const column of ['Product', 'Resources', 'Company']) await expect(footer.getByText(column, { exact: true })).toBeVisible();
  for (const link of ['Documentation', 'Integrations', 'Blog', 'Guides', 'About Us', 'Contact', 'Privacy', 'Terms']) {
    await expect(footer.getByRole('link', { name: link, exact: true })).toBeVisible();
  }
  await expect(footer.getByRole('link', { name: 'X' })).toHaveAttribute('href', 'https://x.com/promptcron');
  await expect(footer.getByRole('link', { name: 'LinkedIn' })).toHaveAttribute('href', 'https://www.linkedin.com/company/promptcron');
  await expect(footer.getByRole('link', { name: 'GitHub' })).toHaveAttribute('href', 'https://github.com/promptcron');
});

test('an unknown path shows the 404 page, with status 404, which leads back home', async ({ page, browserErrors }) => {
  browserErrors.expectFailedResponse(404);
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Time-Triggered AI Automation' })).toBeVisible();
});
