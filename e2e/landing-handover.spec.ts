import type { Page } from '@playwright/test';
import { clickSignIn, expect, test } from './fixtures';

/*
 * ADR 0013: visitors get the pre-rendered landing page with a small script, and the SPA starts when they head for
 * another page. These journeys check that the handover is invisible: links lead where they say, Back returns to a
 * working landing page, a signed-in user sees the signed-in header, and nothing logs an error on the way.
 */

const landingHeading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Time-Triggered AI Automation' });

test('from the landing page to Sign In and to a content page and back, the page keeps working', async ({ page }) => {
  const documents: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documents.push(new URL(request.url()).pathname);
  });
  await page.goto('/');
  await expect(landingHeading(page)).toBeVisible();
  // The logo leads back to the top of the page without reloading it.
  await page.locator('#faq').scrollIntoViewIfNeeded();
  await expect(landingHeading(page)).not.toBeInViewport();
  await page.getByRole('banner').getByRole('link', { name: 'Promptcron' }).click();
  await expect(landingHeading(page)).toBeInViewport();

  await clickSignIn(page);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  // The app took the click over: no page so far loaded a new document.
  expect(documents).toEqual(['/']);
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect(landingHeading(page)).toBeVisible();

  const footer = page.getByRole('contentinfo');
  await footer.getByRole('link', { name: 'Blog', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Blog', exact: true })).toBeVisible();
  await page.goBack();
  await expect(landingHeading(page)).toBeVisible();
  await expect(footer.getByRole('status')).toHaveText('All systems operational');

  // The FAQ still opens once the app has taken the page over.
  const question = page.locator('#faq').getByRole('button', { name: 'What is Promptcron?' });
  await question.click();
  await expect(page.locator('#faq').getByRole('region', { name: 'What is Promptcron?' })).toContainText('runs an AI prompt on a schedule');
});

test('the landing page answers the keyboard: FAQ with Enter and Space, the phone menu with Escape', async ({ page }) => {
  await page.goto('/');
  const question = page.locator('#faq').getByRole('button', { name: 'Who can see my prompts and results?' });
  await question.focus();
  await page.keyboard.press('Enter');
  await expect(question).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Space');
  await expect(question).toHaveAttribute('aria-expanded', 'false');

  const menuButton = page.getByRole('banner').getByRole('button', { name: 'Open menu' });
  if (!(await menuButton.isVisible())) return;
  await menuButton.click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Close menu' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(menuButton).toBeFocused();
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
});

test.describe('signed in', () => {
  test.use({ signedInAs: 'member' });

  test('a signed-in user opening the landing page sees the signed-in header', async ({ page }) => {
    await page.goto('/');
    await expect(landingHeading(page)).toBeVisible();
    const header = page.getByRole('banner');
    await expect(header.getByRole('button', { name: 'Account menu' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
  });
});
