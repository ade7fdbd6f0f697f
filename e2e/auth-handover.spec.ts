import type { Page } from '@playwright/test';
import { expect, holdTheApp, strongPassword, test, uniqueEmail } from './fixtures';

/*
 * ADR 0054: /login and /register arrive pre-rendered with the landing page's small script, and the SPA starts when
 * the visitor begins to use the form. These journeys hold the SPA's code back while the visitor types and submits,
 * so what they check is the handover itself: the values, the focus and the submit made on the static form reach the
 * live one, and the account is signed in or created as if the SPA had been there from the start.
 */

/** Signs up through the API, as the register form does, so the journey can sign in; the browser stays signed out. */
async function signUpThroughApi(page: Page): Promise<string> {
  const email = uniqueEmail('handover');
  const baseURL = test.info().project.use.baseURL ?? '';
  const response = await page.request.post('/api/auth/sign-up/email', {
    data: { name: 'Handover Tester', email, password: strongPassword },
    headers: { Origin: baseURL },
  });
  expect(response.ok()).toBe(true);
  await page.context().clearCookies();
  return email;
}

test('/login shows its form without the app, and a sign-in typed and sent before the app is there goes through', async ({ page }) => {
  // The app's code, a password hash and the dashboard's code in a row: past the default 30 s on a busy machine.
  test.setTimeout(60_000);
  const email = await signUpThroughApi(page);
  const app = await holdTheApp(page);
  await page.goto('/login');
  await expect(page).toHaveTitle('Sign in — Promptcron');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(app.requested(), 'the app loads before the visitor uses the form').toBe(false);

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(strongPassword);
  await page.getByRole('button', { name: 'Sign In' }).click();
  expect(app.requested(), 'using the form starts the app').toBe(true);
  app.release();

  // The app's code, the sign-in's password hash and the dashboard's code in a row: slow on a busy machine.
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
  await expect(page.getByText('Login successful')).toBeVisible();
});

test('/register keeps what was typed and the focus when the app takes over, and creates the account', async ({ page }) => {
  test.setTimeout(60_000);
  const app = await holdTheApp(page);
  await page.goto('/register');
  await expect(page).toHaveTitle('Create an account — Promptcron');
  await page.getByLabel('Full name').fill('Handover Newcomer');
  await page.getByLabel('Email').fill(uniqueEmail('handover-register'));
  await page.getByRole('checkbox', { name: /I agree to the/ }).check();
  const password = page.getByLabel('Password', { exact: true });
  await password.pressSequentially(strongPassword.slice(0, 6));
  const staticForm = await page.locator('form').elementHandle();
  app.release();

  // React replaces the static form; the caret is still in the password, which goes on where it stopped.
  await expect.poll(() => staticForm?.evaluate((form) => form.isConnected), { timeout: 20_000 }).toBe(false);
  await expect(password).toBeFocused();
  await page.keyboard.type(strongPassword.slice(6));
  await expect(password).toHaveValue(strongPassword);
  await expect(page.getByLabel('Full name')).toHaveValue('Handover Newcomer');
  await expect(page.getByRole('checkbox', { name: /I agree to the/ })).toBeChecked();

  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
  await expect(page.getByText('Registration successful')).toBeVisible();
});
