import { expect, test } from './fixtures';

/*
 * ADR 0111: every public page is in the HTML the server sends, so it reads without any script (a phone on a poor
 * connection, a crawler, a script that failed to load): pre-rendered at build time, or rendered by the server with
 * the figures of the moment. At both widths: the status page is often opened on a phone.
 */
test.use({ javaScriptEnabled: false });

test('a docs page and the API reference read without JavaScript', async ({ page, baseURL }) => {
  await page.goto('/docs/quickstart');
  await expect(page.getByRole('heading', { level: 1, name: 'Quick Start Guide' })).toBeVisible();
  await expect(page.getByRole('main').getByText('npm install && npm start').first()).toBeVisible();
  await expect(page).toHaveTitle('Quick Start Guide — Promptcron');

  await page.goto('/docs/api');
  await expect(page.getByRole('heading', { level: 1, name: 'API Reference' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByText('/api/tasks', { exact: true }).first()).toBeVisible();
  await expect(main.getByText('Create a task').first()).toBeVisible();
  // The examples call the server the page came from.
  await expect(main.getByText(`curl "${baseURL}/api/tasks"`, { exact: false }).first()).toBeVisible();
});

test('the status page shows the state now and the last 90 days’ figures without JavaScript', async ({ page }) => {
  await page.goto('/status');
  await expect(page.getByRole('heading', { level: 1, name: 'Promptcron status' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 2, name: 'Right now' })).toBeVisible();
  await expect(main.getByText(/^(All systems operational|.+: down)$/)).toBeVisible();
  await expect(main.getByText(/^Today so far: [\d,]+ scheduled runs?, .+ of deliveries arrived\.$/)).toBeVisible();
  await expect(main.getByText(/of [\d,]+ runs? began within 1 s of their time$/)).toBeVisible();
  await main.getByText('Daily figures (table)').click();
  const today = main
    .getByRole('table', { name: /per day, newest first/ })
    .getByRole('row')
    .nth(1);
  await expect(today.getByRole('cell').last()).toHaveText(/^(\d+\.\d%|—)$/);
});
