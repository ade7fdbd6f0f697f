import { expect, signUp, storageStateOf, strongPassword, test } from './fixtures';

/**
 * Issue 37, item 1 (and issue 36's live-stream end): a session that ends elsewhere ends the open app at once. The
 * browser goes to sign-in with a toast that says why, and after signing in again it is back where it was.
 */

test('a password changed on another device sends the open app to sign-in, and back after it', async ({
  page,
  playwright,
  baseURL,
  browserErrors,
}) => {
  test.slow();
  const email = await signUp(page, { name: 'Two Devices', label: 'session-end' });
  await page.goto('/dashboard/history');
  await expect(page.getByRole('heading', { name: 'Task history' })).toBeVisible();

  // The other device: a session of its own, which changes the password and signs every other session out.
  const phone = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL ?? '' } });
  expect((await phone.post('/api/auth/sign-in/email', { data: { email, password: strongPassword } })).ok()).toBe(true);
  const newPassword = 'A-brand-new-passphrase-2026!';
  const changed = await phone.post('/api/auth/change-password', {
    data: { currentPassword: strongPassword, newPassword, revokeOtherSessions: true },
  });
  expect(changed.ok(), await changed.text()).toBe(true);
  await phone.dispose();

  // The live stream says so within seconds: no click, no reload.
  browserErrors.expectFailedResponse(401);
  await expect(page).toHaveURL(/\/login$/, { timeout: 10_000 });
  await expect(page.getByText('Your password was changed. Please sign in with the new one.')).toBeVisible();

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard\/history$/);
});

test('a suspension by an administrator sends the open app to sign-in with the suspension message', async ({
  page,
  playwright,
  baseURL,
  browserErrors,
}) => {
  test.slow();
  const email = await signUp(page, { name: 'Soon Suspended', label: 'session-end' });
  await page.goto('/dashboard/tasks');
  await expect(page.getByRole('heading', { name: 'Your tasks' })).toBeVisible();

  const admin = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { Origin: baseURL ?? '' },
    storageState: storageStateOf('admin'),
  });
  const found = await admin.get(`/api/admin/users?search=${encodeURIComponent(email)}`);
  const { items } = (await found.json()) as { items: { id: string }[] };
  expect(items).toHaveLength(1);
  expect((await admin.post(`/api/admin/users/${items[0]?.id}/suspend`)).ok()).toBe(true);
  await admin.dispose();

  browserErrors.expectFailedResponse(401);
  await expect(page).toHaveURL(/\/login$/, { timeout: 10_000 });
  await expect(page.getByText('Your account has been suspended. Contact support.')).toBeVisible();
});
