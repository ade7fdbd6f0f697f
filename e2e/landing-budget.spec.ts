import type { Page } from '@playwright/test';
import { gzipSync } from 'node:zlib';
import { expect, test } from './fixtures';

/** ADR 0011: the landing page must stay well under this. */
const landingScriptBudgetBytes = 100 * 1024;
/** What it loads today (ADR 0011), plus a little slack: no change may make it worse while the budget is not met. */
const landingScriptCeilingBytes = { desktop: 160 * 1024, mobile: 175 * 1024 };

/** Every script the browser runs to show the landing page, gzipped as the server sends it; prints the chunks. */
async function landingScriptBytes(page: Page): Promise<number> {
  const scripts = new Map<string, Promise<number>>();
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    // Measured on the uncompressed body, gzipped here, so the number does not depend on the server's settings.
    scripts.set(response.url(), response.body().then((body) => gzipSync(body, { level: 9 }).length));
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
  // Known failure (ADR 0011): React DOM and the data router alone are about 96 KB. Playwright reports this test as
  // failed the day it passes, so the annotation cannot outlive the fix.
  test.fail(true, 'ADR 0011: the 100 KB budget needs the structural change described there');
  expect(await landingScriptBytes(page)).toBeLessThan(landingScriptBudgetBytes);
});

test('the landing page loads no more JavaScript than it does today', async ({ page }, testInfo) => {
  const ceiling = landingScriptCeilingBytes[testInfo.project.name as keyof typeof landingScriptCeilingBytes];
  expect(await landingScriptBytes(page)).toBeLessThan(ceiling);
});
