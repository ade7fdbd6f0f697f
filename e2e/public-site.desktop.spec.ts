import { expect, test } from './fixtures';

test('from a content page the header leads to the landing page sections and the footer to every content page', async ({ page }) => {
  await page.goto('/guides');
  const header = page.getByRole('banner');
  await header.getByRole('link', { name: 'Features' }).click();
  await expect(page).toHaveURL(/\/#features$/);
  await expect(page.locator('#features')).toBeInViewport();

  await page.goto('/about');
  await page.getByRole('banner').getByRole('link', { name: 'FAQ' }).click();
  await expect(page).toHaveURL(/\/#faq$/);
  await expect(page.locator('#faq')).toBeInViewport();

  const footer = page.getByRole('contentinfo');
  const destinations = {
    Documentation: 'Documentation',
    Integrations: 'Integrations',
    Blog: 'Blog',
    Guides: 'Guides',
    'About Us': 'About Promptcron',
    Contact: 'Contact',
    Privacy: 'Privacy Policy',
    Terms: 'Terms of Service',
  };
  for (const [link, heading] of Object.entries(destinations)) {
    await footer.getByRole('link', { name: link, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
  }
});
