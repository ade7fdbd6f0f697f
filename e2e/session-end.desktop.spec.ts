import type { Page } from '@playwright/test';
import { expect, signUp, storageStateOf, strongPassword, test } from './fixtures';

/**
 * Issue 37, item 1 (and issue 36's live-stream end): a session that ends elsewhere ends the open app at once. The
 * browser goes to sign-in with a toast that says why, and after signing in again it is back where it was.
 */

/** A new account's app open on `path`, showing `heading`; the account's e-mail. */
async function openAppOfNewAccount(page: Page, name: string, path: string, heading: string): Promise<string> {
  // Sign-ups, password hashes and page loads on a busy two-core machine.
  test.slow();
  const email = await signUp(page, { name, label: 'session-end' });
  await page.goto(path);
  await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  return email;
}

test('a password changed on another device sends the open app to sign-in, and back after it', async ({
  page,
  playwright,
  baseURL,
  browserErrors,
}) => {
  const email = await openAppOfNewAccount(page, 'Two Devices', '/dashboard/history', 'Task history');

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
  const email = await openAppOfNewAccount(page, 'Soon Suspended', '/dashboard/tasks', 'Your tasks');

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
