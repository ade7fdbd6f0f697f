import { expect, test } from './fixtures';

/*
 * ADR 0084: when the SPA takes a pre-rendered page over, the control a keyboard user had reached keeps the focus. A
 * desktop journey: a phone's header keeps Sign In in its menu.
 */

test('a keyboard user keeps their place when the app takes the page over, and Enter follows the link', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Time-Triggered AI Automation' })).toBeVisible();
  const signIn = page.getByRole('banner').getByRole('link', { name: 'Sign In' });
  // Tab to the header's Sign In: focusing a link to another page starts the app, which replaces the static page. The
  // check reads the focus in one step, whichever page has it: a locator's element may be replaced between its lookup
  // and the check, and then the check would miss the live Sign In that has just taken the focus over.
  const signInHasFocus = () =>
    page.evaluate(() => {
      const focused = document.activeElement;
      return focused?.closest('header') !== null && focused?.tagName === 'A' && focused.textContent?.trim() === 'Sign In';
    });
  for (let press = 0; press < 15 && !(await signInHasFocus()); press++) await page.keyboard.press('Tab');
  await expect(signIn).toBeFocused();
  await page.waitForFunction(() => Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer')));
  // The link the app rendered in its place has the focus, not the page's body.
  await expect(signIn).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/login$/);
});
