import {
  expect,
  mailTo,
  openDashboard,
  promoteToAdmin,
  registerThroughForm,
  signUp,
  storageStateOf,
  strongPassword,
  test,
  uniqueEmail,
} from './fixtures';

test('register, log out, log in, reset the password from the e-mailed link and log in with the new one', async ({
  page,
  browserErrors,
}) => {
  // Eleven page loads and five password hashes: about 20 s alone, past the default 30 s on a busy two-core machine.
  test.setTimeout(60_000);
  const newPassword = 'A-brand-new-Passw0rd!';
  const email = await registerThroughForm(page, { name: 'Journey Tester', label: 'journey' });
  await expect(page.getByText('Registration successful')).toBeVisible();
  // A first visit is greeted as one (issue 37)...
  await expect(page.getByRole('heading', { name: 'Welcome, Journey Tester', exact: true })).toBeVisible();
  // ...and signing in again, here as a second device would, makes the next one a return.
  const signedInAgain = await page.request.post('/api/auth/sign-in/email', {
    data: { email, password: strongPassword },
    headers: { Origin: test.info().project.use.baseURL ?? '' },
  });
  expect(signedInAgain.ok()).toBe(true);
  await openDashboard(page, 'Journey Tester', { returning: true });

  await page.getByRole('button', { name: 'Account menu' }).click();
  const menu = page.getByRole('menu');
  await expect(menu).toContainText(email);
  await expect(menu).toContainText('User account');
  await menu.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Logged out successfully')).toBeVisible();

  // The dashboard is for signed-in users: it sends us to log in, and back after.
  await page.goto('/dashboard/settings');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(strongPassword);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings$/);
  await expect(page.getByText('Login successful')).toBeVisible();

  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  // The app goes home first and signs out after (use-logout.ts): leaving before it has would race the sign-out.
  await expect(page.getByText('Logged out successfully')).toBeVisible();

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('Check your email')).toBeVisible();

  const resetMail = await mailTo(email);
  expect(resetMail.subject).toBe('Reset your Promptcron password');
  const link = resetMail.links.find((url) => url.includes('/set-password?action=password.reset'));
  expect(link).toBeDefined();
  await page.goto(link ?? '');
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  await page.getByLabel('New password').fill(newPassword);
  await page.getByLabel('Confirm password').fill(`${newPassword}x`);
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Password reset successful')).toBeVisible();

  // The link works once: opened again, it is refused at once, before anyone types a password (issue 15).
  await page.goto(link ?? '');
  await expect(page.getByText('Please use the link sent to your email or request a new one.')).toBeVisible();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByLabel('New password')).toHaveCount(0);

  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(strongPassword);
  browserErrors.expectFailedResponse(401);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('an invited user must set a password before reaching the dashboard', async ({ page, playwright, baseURL }) => {
  // Several full page loads and sign-ins: on two busy cores close to one journey's 30 s.
  test.slow();
  const invitedEmail = uniqueEmail('invited');
  const ownPassword = 'My-own-Passw0rd-now!';

  // The install's administrator (signed in once by global-setup.ts) invites someone through the API.
  const adminApi = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { Origin: baseURL ?? '' },
    storageState: storageStateOf('admin'),
  });
  const invited = await adminApi.post('/api/admin/users', { data: { email: invitedEmail, name: 'Invited Person' } });
  expect(invited.status()).toBe(201);
  await adminApi.dispose();

  const invitation = await mailTo(invitedEmail);
  const link = invitation.links.find((url) => url.includes('/set-password?action=password.set'));
  expect(link).toBeDefined();
  await page.goto(link ?? '');
  await expect(page.getByLabel('New password')).toBeVisible();

  // Every other screen sends a user without a password back here.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/set-password/);
  await page.getByLabel('New password').fill('too-weak');
  await expect(page.getByText('Password must be at least 15 characters.')).toBeVisible();
  await page.getByLabel('New password').fill(ownPassword);
  await page.getByLabel('Confirm password').fill(ownPassword);
  await page.getByRole('button', { name: 'Set Password' }).click();
  await expect(page.getByText('Password set successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  // Chosen in the session the invitation opened: a first visit (issue 37).
  await expect(page.getByRole('heading', { name: 'Welcome, Invited Person', exact: true })).toBeVisible();
});

test('non-admins are kept out of the admin area, admins see it', async ({ page }) => {
  // Several full page loads and sign-ins: on two busy cores close to one journey's 30 s.
  test.slow();
  // An account of its own: the journey promotes it.
  const email = await signUp(page, { name: 'Plain Member', label: 'member' });
  await openDashboard(page, 'Plain Member');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Admin' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menu')).toContainText('User account');
  await page.keyboard.press('Escape');

  await page.goto('/admin');
  await expect(page).toHaveURL(/\/dashboard$/);

  await promoteToAdmin(email);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menu')).toContainText('Administrator');
});
