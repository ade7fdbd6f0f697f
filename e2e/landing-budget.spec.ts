import type { Page } from '@playwright/test';
import { gzipSync } from 'node:zlib';
import { expect, test } from './fixtures';

/** ADR 0011: the landing page must stay well under this. */
const landingScriptBudgetBytes = 100 * 1024;
/**
 * ADR 0013: visitors get only the landing page's own script, a few kilobytes, until they head for another page. The
 * ceiling is that plus a little slack, so the SPA creeping back onto the landing page fails at once.
 */
const landingScriptCeilingBytes = 10 * 1024;

/** Every script the browser runs to show the landing page, gzipped as the server sends it; prints the chunks. */
async function landingScriptBytes(page: Page): Promise<number> {
  const scripts = new Map<string, Promise<number>>();
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    // Measured on the uncompressed body, gzipped here, so the number does not depend on the server's settings.
    scripts.set(
      response.url(),
      response.body().then((body) => gzipSync(body, { level: 9 }).length),
    );
  });

  await page.goto('/');
  await expect(page.getByRole('contentinfo').getByRole('status')).toHaveText('All systems operational');
  await expect(page.getByRole('link', { name: 'Join Waitlist' })).toHaveAttribute('href', /^https:/);
  // Whatever loads once the page is idle counts too (the drawer's code on a phone, for instance).
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(2_000);

  const sizes = await Promise.all([...scripts].map(async ([url, size]) => ({ url: new URL(url).pathname, size: await size })));
  const total = sizes.reduce((sum, { size }) => sum + size, 0);
  const report = sizes.sort((a, b) => b.size - a.size).map(({ url, size }) => `${(size / 1024).toFixed(1)} KB ${url}`);
  console.log(`landing page JavaScript: ${(total / 1024).toFixed(1)} KB gzipped\n  ${report.join('\n  ')}`);
  return total;
}

test('the landing page loads less than 100 KB of gzipped JavaScript', async ({ page }) => {
  expect(await landingScriptBytes(page)).toBeLessThan(landingScriptBudgetBytes);
});

test('the landing page loads only its own small script until the visitor heads for another page', async ({ page }) => {
  expect(await landingScriptBytes(page)).toBeLessThan(landingScriptCeilingBytes);
});
