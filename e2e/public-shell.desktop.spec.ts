import { expect, test } from './fixtures';

test('the header links scroll to the features and FAQ sections, also from another page', async ({ page, browserErrors }) => {
  await page.goto('/');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
  await expect(header.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/register');

  await header.getByRole('link', { name: 'FAQ' }).click();
  await expect(page).toHaveURL(/#faq$/);
  await expect(page.locator('#faq')).toBeInViewport();

  browserErrors.expectFailedResponse(404);
  await page.goto('/no-such-page');
  await page.getByRole('banner').getByRole('link', { name: 'Features' }).click();
  await expect(page).toHaveURL(/\/#features$/);
  await expect(page.locator('#features')).toBeInViewport();
});
