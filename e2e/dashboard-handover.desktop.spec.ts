import { expect, holdTheApp, signedInWithTask, test } from './fixtures';

/*
 * ADR 0057: /dashboard arrives rendered on the server with the user's own figures and a small script; the SPA starts
 * when the page is first used. These journeys hold the SPA's code back, so what they check is the page without it
 * and the handover: a link followed or a button pressed before the SPA is there is carried out by it.
 */

test('/dashboard shows the user’s overview before the app, which takes a link followed early to its page', async ({ page }) => {
  test.setTimeout(60_000);
  const taskName = `Morning <b>brief</b> $& ${Date.now()}`;
  await signedInWithTask(page, { name: 'Overview Reader', taskName });
  const app = await holdTheApp(page);
  await page.goto('/dashboard');

  await expect(page).toHaveTitle('Dashboard — Promptcron');
  // Still in the session it signed up in: a first visit (issue 37).
  await expect(page.getByRole('heading', { name: 'Welcome, Overview Reader', exact: true })).toBeVisible();
  // The task's name is text, as the SPA shows it, however it is spelled.
  await expect(page.getByRole('link', { name: taskName })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Loading' })).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  expect(app.requested(), 'the app loads before the page is used').toBe(false);

  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Tasks' }).click();
  // The browser asks for the app as the click is handled; the request reaches the held route a moment after.
  await expect.poll(() => app.requested(), { message: 'using the page starts the app' }).toBe(true);
  app.release();
  await expect(page).toHaveURL(/\/dashboard\/tasks$/, { timeout: 20_000 });
  await expect(page.getByRole('link', { name: taskName })).toBeVisible();
});

test('a button pressed on the server-rendered overview before the app is there is carried out by it', async ({ page }) => {
  test.setTimeout(60_000);
  await signedInWithTask(page, { name: 'Overview Reader', taskName: `Evening digest ${Date.now()}` });
  const app = await holdTheApp(page);
  await page.goto('/dashboard');
  const staticPage = await page.locator('#root > *').first().elementHandle();
  await page.getByRole('button', { name: 'Log Out' }).click();
  app.release();

  await expect.poll(() => staticPage?.evaluate((element) => element.isConnected), { timeout: 20_000 }).toBe(false);
  await expect(page.getByText('Logged out successfully')).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/$/);
});

test('the focus stays where the keyboard put it when the app takes over', async ({ page }) => {
  test.setTimeout(60_000);
  await signedInWithTask(page, { name: 'Overview Reader', taskName: `Weekly report ${Date.now()}` });
  const app = await holdTheApp(page);
  await page.goto('/dashboard');
  const staticPage = await page.locator('#root > *').first().elementHandle();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  app.release();

  await expect.poll(() => staticPage?.evaluate((element) => element.isConnected), { timeout: 20_000 }).toBe(false);
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
});

test('the account menu opened on the server-rendered overview before the app is there opens once the app is', async ({ page }) => {
  test.setTimeout(60_000);
  await signedInWithTask(page, { name: 'Menu Opener', taskName: `Noon digest ${Date.now()}` });
  const app = await holdTheApp(page);
  await page.goto('/dashboard');
  const staticPage = await page.locator('#root > *').first().elementHandle();
  // The menu opens on pointerdown, not on click: the held press must be carried out as a press, not as a click.
  await page.getByRole('button', { name: 'Account menu' }).click();
  app.release();

  await expect.poll(() => staticPage?.evaluate((element) => element.isConnected), { timeout: 20_000 }).toBe(false);
  await expect(page.getByRole('menu')).toBeVisible();
  await expect(page.getByRole('menuitem', { name: /Log ?out/i })).toBeVisible();
});

test('/dashboard left untouched starts the app by itself and follows a run started elsewhere', async ({ page }) => {
  test.setTimeout(60_000);
  const taskName = `Second screen ${Date.now()}`;
  await signedInWithTask(page, { name: 'Wall Watcher', taskName });
  const tasks = await page.request.get('/api/tasks');
  const taskId: string = (await tasks.json()).items[0].id;
  await page.goto('/dashboard');
  const recentRuns = page.getByRole('region', { name: 'Recent Runs' });
  await expect(recentRuns.getByText('No runs yet. Runs appear here as your tasks fire.')).toBeVisible();
  const staticPage = await page.locator('#root > *').first().elementHandle();

  // Nothing touches the page: it is a dashboard on a wall. The app takes over once the page has settled.
  await expect.poll(() => staticPage?.evaluate((element) => element.isConnected), { timeout: 25_000 }).toBe(false);
  const started = await page.request.post(`/api/tasks/${taskId}/runs`, { headers: { Origin: test.info().project.use.baseURL ?? '' } });
  expect(started.ok(), await started.text()).toBe(true);
  await expect(recentRuns.getByRole('link', { name: taskName })).toBeVisible({ timeout: 15_000 });
});
