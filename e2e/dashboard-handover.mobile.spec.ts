import { expect, holdTheApp, signedInWithTask, test } from './fixtures';

/* ADR 0057 on a phone: the menu button tapped on the server-rendered overview before the app is there opens the menu. */
test('on a phone, the menu tapped before the app is there opens once it has taken over', async ({ page }) => {
  test.setTimeout(60_000);
  await signedInWithTask(page, { name: 'Phone Reader', taskName: `Commute briefing ${Date.now()}` });
  const app = await holdTheApp(page);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Welcome, Phone Reader', exact: true })).toBeVisible();
  await page.getByRole('banner').getByRole('button', { name: 'Open menu' }).click();
  // The browser asks for the app as the tap is handled; the request reaches the held route a moment after.
  await expect.poll(() => app.requested(), { message: 'the tap starts the app' }).toBe(true);
  app.release();

  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'History' })).toBeVisible({ timeout: 20_000 });
  await menu.getByRole('link', { name: 'History' }).click();
  await expect(page).toHaveURL(/\/dashboard\/history$/);
});
