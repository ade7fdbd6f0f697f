import { publicPages } from '#web/app/public-pages';
import { expect, test } from './fixtures';

/*
 * ADR 0111: every public page reads without any script. The markup is the same at every width (public-site.spec.ts),
 * so one pass at desktop width covers them; public-pages-without-script.spec.ts reads /status at both.
 */
test.use({ javaScriptEnabled: false });

const landingTitle = 'Promptcron — Time-Triggered AI Automation';

// One journey over some forty pages, a step a page: a context and page per page was most of their time in CI.
test('every public page shows its heading, content and own title without JavaScript', async ({ page }) => {
  // Some forty pages in one test: the default 30 s is a page's budget, not forty's, on a busy CI machine.
  test.setTimeout(120_000);
  for (const { path } of publicPages) {
    await test.step(path, async () => {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expect(page.getByRole('heading', { level: 1 }).first(), path).toBeVisible();
      await expect(page.getByRole('main'), path).not.toHaveText('');
      await expect(page.locator('[aria-busy="true"]'), `${path} still loading`).toHaveCount(0);
      if (path !== '/') expect(await page.title(), path).not.toBe(landingTitle);
    });
  }
});
