import { expect, openDashboard, test } from './fixtures';

test.use({ signedInAs: 'member' });

test('on a phone the dashboard has one menu: the header items and the sidebar sections, closed by navigating', async ({ page }) => {
  await openDashboard(page, 'Signed-in Member');
  const header = page.getByRole('banner');
  // One menu button on the page, in the header.
  await expect(page.getByRole('button', { name: /^Open / })).toHaveCount(1);

  await header.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'History' })).toBeVisible();
  await expect(menu.getByRole('button', { name: 'Log Out' })).toBeVisible();

  await menu.getByRole('link', { name: 'History' }).click();
  await expect(menu).toBeHidden();
  await expect(page).toHaveURL(/\/dashboard\/history$/);
  await expect(page.getByRole('heading', { level: 1, name: 'History' })).toBeVisible();
});
