import { dailyTaskBody, expect, signUp, test } from './fixtures';

/**
 * Issue 22: a user makes a write key in Settings, copies it, and a script (a request context of its own, without the
 * browser's cookie) creates a task with it; once the key is revoked the same script is refused.
 */
test('create an API key in Settings, create a task with it from outside the browser, revoke it and get 401', async ({
  page,
  context,
  playwright,
  baseURL,
}) => {
  test.setTimeout(60_000);
  if (!baseURL) throw new Error('The base URL comes from e2e/global-setup.ts');
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const email = await signUp(page, { name: 'Script Writer', label: 'api-keys' });

  await page.goto('/dashboard/settings');
  await page.getByRole('tab', { name: 'API Keys' }).click();
  await expect(page).toHaveURL(/\?tab=api-keys$/);
  await expect(page.getByText('No API keys yet')).toBeVisible();

  await page.getByLabel('Name', { exact: true }).fill('Nightly script');
  await page.getByLabel('Scope').selectOption('write');
  await page.getByRole('button', { name: 'Create API Key' }).click();

  const dialog = page.getByRole('dialog', { name: 'API key created' });
  await expect(dialog).toContainText('it will not be shown again');
  const shownKey = (await dialog.locator('code').textContent())?.trim() ?? '';
  expect(shownKey).toMatch(/^pc_[0-9A-Za-z]{43}$/);
  await dialog.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByText('API key copied')).toBeVisible();
  const key = await page.evaluate(() => navigator.clipboard.readText());
  expect(key).toBe(shownKey);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(shownKey)).toHaveCount(0);

  const keyRow = page.getByRole('listitem', { name: 'Nightly script' });
  await expect(keyRow).toContainText('Write');
  await expect(keyRow).toContainText(`${key.slice(0, 8)}…`);
  await expect(keyRow).toContainText('Last usedNever');

  // The script: no cookie, no Origin, only the key.
  const script = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Authorization: `Bearer ${key}` } });
  try {
    const created = await script.post('/api/tasks', { data: dailyTaskBody({ name: 'Created by a script', email }) });
    expect(created.status(), await created.text()).toBe(201);
    expect(created.headers()['ratelimit-limit']).toBeTruthy();

    await page.goto('/dashboard/tasks');
    await expect(page.getByRole('table').getByRole('row', { name: /Created by a script/ })).toBeVisible();

    // The key has been used now, and the list says when.
    await page.goto('/dashboard/settings?tab=api-keys');
    await expect(keyRow).not.toContainText('Last usedNever');
    await keyRow.getByRole('button', { name: 'Revoke Nightly script' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Revoke API key?' });
    await expect(confirm).toContainText('Nightly script');
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await expect(page.getByText('API key revoked')).toBeVisible();
    await expect(keyRow).toHaveCount(0);
    await expect(page.getByText('No API keys yet')).toBeVisible();

    const refused = await script.get('/api/tasks');
    expect(refused.status()).toBe(401);
    expect((await script.post('/api/tasks', { data: {} })).status()).toBe(401);
  } finally {
    await script.dispose();
  }
});
