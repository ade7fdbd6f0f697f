import { expect, test } from './fixtures';

test('below the md breakpoint the menu opens as a drawer that closes on navigation', async ({ page }) => {
  await page.goto('/');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Sign In' })).toBeHidden();

  await header.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer).toBeVisible();
  for (const item of ['Features', 'FAQ', 'Sign In', 'Get Started']) await expect(drawer.getByRole('link', { name: item })).toBeVisible();

  await drawer.getByRole('link', { name: 'FAQ' }).click();
  await expect(drawer).toBeHidden();
  await expect(page.locator('#faq')).toBeInViewport();

  await header.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'Close menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
});
