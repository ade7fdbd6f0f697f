import { expect, mailTo, signUp, strongPassword, test } from './fixtures';

test('deletes an account from Settings → Profile, and it cannot sign in afterwards', async ({ page, browserErrors }) => {
  // Several page loads and three password hashes on a busy two-core machine.
  test.setTimeout(120_000);
  const email = await signUp(page, { name: 'Leaving Journey', label: 'delete-account' });

  await page.goto('/dashboard/settings');
  const dangerZone = page.getByRole('region', { name: 'Danger zone' });
  await expect(dangerZone).toBeVisible();
  await dangerZone.getByLabel('Type your e-mail to confirm').fill(email);
  await dangerZone.getByLabel('Current Password').fill('Not-the-right-passw0rd!');
  browserErrors.expectFailedResponse(400);
  await dangerZone.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dangerZone.getByText('The password is not correct.')).toBeVisible();

  await dangerZone.getByLabel('Current Password').fill(strongPassword);
  await dangerZone.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/account-deleted$/);
  await expect(page.getByRole('heading', { name: 'Your account has been deleted' })).toBeVisible();
  await expect(page.getByText(/Your account and all its data .* have been deleted/)).toBeVisible();

  const confirmation = await mailTo(email);
  expect(confirmation.subject).toBe('Your Promptcron account has been deleted');

  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(strongPassword);
  browserErrors.expectFailedResponse(401);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});
