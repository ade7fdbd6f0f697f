import { expect, test } from './fixtures';

test('on a phone the drawer leads from a content page to the landing page sections, and closes', async ({ page }) => {
  await page.goto('/blog');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Features' })).toBeHidden();

  await header.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await drawer.getByRole('link', { name: 'Features' }).click();
  await expect(drawer).toBeHidden();
  await expect(page).toHaveURL(/\/#features$/);
  await expect(page.locator('#features')).toBeInViewport();

  await page.goto('/privacy');
  await header.getByRole('button', { name: 'Open menu' }).click();
  await expect(drawer).toBeVisible();
  await page.getByRole('button', { name: 'Close menu' }).click();
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();

  await header.getByRole('button', { name: 'Open menu' }).click();
  await drawer.getByRole('link', { name: 'FAQ' }).click();
  await expect(drawer).toBeHidden();
  await expect(page.locator('#faq')).toBeInViewport();
});
