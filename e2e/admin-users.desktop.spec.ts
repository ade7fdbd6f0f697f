import { readFile } from 'node:fs/promises';
import { expect, mailTo, signUp, strongPassword, test, uniqueEmail } from './fixtures';

test.describe('as the install’s administrator', () => {
  test.use({ signedInAs: 'admin' });

  test('an administrator sees real numbers, invites, finds, re-plans and suspends a user, and exports the list', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    // A member with an open session in a browser of their own (not the administrator's saved session, which
    // `browser.newContext` would otherwise start with too), signed up through the API as the register form does.
    const memberContext = await browser.newContext({ storageState: undefined });
    const memberPage = await memberContext.newPage();
    // The member's own page is not watched by the journey's fixture; its refused requests (401, 403) are expected.
    const memberErrors: string[] = [];
    memberPage.on('console', (message) => message.type() === 'error' && memberErrors.push(message.text()));
    const memberName = `Member ${Date.now()}`;
    const memberEmail = await signUp(memberPage, { name: memberName, label: 'member' });

    // The overview counts real accounts: at least the administrator and the member.
    await page.goto('/admin');
    const totalUsers = page.locator('[data-card="totalUsers"]');
    await expect(totalUsers).toContainText('Total Users');
    expect(Number((await totalUsers.locator('p').first().textContent())?.replace(/\D/g, ''))).toBeGreaterThanOrEqual(2);
    await expect(page.getByRole('region', { name: 'Recent Signups' })).toContainText(memberName);

    // Add User: an invitation e-mail goes out.
    await page.getByRole('navigation', { name: 'Admin', exact: true }).getByRole('link', { name: 'Users' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Users' })).toBeVisible();
    const inviteeEmail = uniqueEmail('invitee');
    await page.getByRole('button', { name: 'Add User' }).click();
    const invite = page.getByRole('dialog', { name: 'Add User' });
    await invite.getByLabel('Name').fill('Ivy Invitee');
    await invite.getByLabel('Email').fill(inviteeEmail);
    await invite.getByRole('button', { name: 'Send Invitation' }).click();
    await expect(page.getByText('Invitation sent')).toBeVisible();
    expect((await mailTo(inviteeEmail)).subject).toBe("You're invited to Promptcron");

    // The search finds them, as invited and not yet active.
    await page.getByRole('searchbox', { name: 'Search users' }).fill(inviteeEmail);
    const inviteeRow = page.getByRole('row', { name: /Ivy Invitee/ });
    await expect(inviteeRow).toContainText('Inactive');
    await expect(page.getByText('Showing 1 of 1 users')).toBeVisible();

    // Edit Plan puts the member on Pro without payment.
    await page.getByRole('searchbox', { name: 'Search users' }).fill(memberEmail);
    const memberRow = page.getByRole('row', { name: new RegExp(memberName) });
    await expect(memberRow).toContainText('Free');
    await memberRow.getByRole('button', { name: `Actions for ${memberName}` }).click();
    await page.getByRole('menuitem', { name: 'Edit Plan' }).click();
    const editPlan = page.getByRole('dialog', { name: 'Edit Plan' });
    await editPlan.getByLabel('Plan').selectOption({ label: 'Pro' });
    await editPlan.getByRole('button', { name: 'Save Plan' }).click();
    await expect(memberRow).toContainText('Pro');

    // Suspending ends the member's open session, and signing in again says why it is refused.
    await memberRow.getByRole('button', { name: `Actions for ${memberName}` }).click();
    await page.getByRole('menuitem', { name: 'Suspend Account' }).click();
    await page.getByRole('alertdialog', { name: 'Suspend Account' }).getByRole('button', { name: 'Suspend Account' }).click();
    await expect(page.getByText('Account suspended')).toBeVisible();
    await expect(memberRow).toContainText('Suspended');

    await memberPage.goto('/dashboard/tasks');
    await expect(memberPage).toHaveURL(/\/login$/);
    await memberPage.getByLabel('Email').fill(memberEmail);
    await memberPage.getByLabel('Password', { exact: true }).fill(strongPassword);
    await memberPage.getByRole('button', { name: 'Sign In' }).click();
    await expect(memberPage.getByText('Your account has been suspended. Contact support.')).toBeVisible();
    expect(memberErrors.filter((text) => !text.includes('status of 401') && !text.includes('status of 403'))).toEqual([]);
    await memberContext.close();

    // Export: the CSV of everyone the filter matches.
    // The whole list again (newest first): the invitee and the member are on its first page.
    await page.getByRole('searchbox', { name: 'Search users' }).fill('');
    await expect(page.getByRole('row', { name: /Ivy Invitee/ })).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(memberName) })).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^promptcron-users-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await download.path()) ?? '', 'utf8');
    expect(csv.split('\r\n')[0]).toBe('Name,Email,Status,Role,Plan,Tasks,Joined,Last sign-in');
    expect(csv).toContain(inviteeEmail);
    expect(csv).toContain(memberEmail);
    // Suspending ended the member's sessions, but their last sign-in is kept (issue 37).
    const memberLine = csv.split('\r\n').find((line) => line.includes(memberEmail));
    expect(memberLine).toMatch(/,\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

    // The administrator's own row offers no Suspend or Delete, which the server would refuse.
    await page.getByRole('searchbox', { name: 'Search users' }).fill('owner@promptcron.test');
    await expect(page.getByText('Showing 1 of 1 users')).toBeVisible();
    await page.getByRole('button', { name: 'Actions for Install Owner' }).click();
    await expect(page.getByRole('menuitem', { name: 'Edit Plan' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Suspend Account' })).toHaveCount(0);
    await expect(page.getByRole('menuitem', { name: 'Delete User' })).toHaveCount(0);
    await page.keyboard.press('Escape');

    // The plans and the audit log, from the sidebar.
    await page.getByRole('navigation', { name: 'Admin', exact: true }).getByRole('link', { name: 'Plans' }).click();
    await expect(page.getByRole('row', { name: /^Pro/ })).toContainText('For sale');
    await page.getByRole('navigation', { name: 'Admin', exact: true }).getByRole('link', { name: 'Audit Log' }).click();
    // Every action reads as a sentence, the invitation included (issue 37).
    const log = page.getByRole('table', { name: 'Audit log' });
    await expect(log.getByRole('link', { name: `Suspended ${memberName}` })).toBeVisible();
    await expect(log.getByRole('link', { name: `Changed ${memberName}’s plan from Free to Pro` })).toBeVisible();
    await expect(log.getByRole('link', { name: `Invited Ivy Invitee (${inviteeEmail})` })).toBeVisible();
    // On a phone each entry is a card that fits: the page does not slide sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(log.getByRole('link', { name: `Suspended ${memberName}` })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
  });
});

test.describe('as a member', () => {
  test.use({ signedInAs: 'member' });

  test('a user who is not an administrator is sent from every admin page to the dashboard', async ({ page, browserErrors }) => {
    // Ten full page loads, each a fresh start of the app: on two busy cores that is more than one journey's 30 s.
    test.slow();
    for (const path of [
      '/admin',
      '/admin/users',
      '/admin/users/some-user',
      '/admin/workspaces',
      '/admin/tasks',
      '/admin/tasks/some-task',
      '/admin/plans',
      '/admin/audit',
      '/admin/settings',
      '/admin/no-such-page',
    ]) {
      // The server answers a page the app does not have with status 404 (issue 37), whoever asks.
      if (path === '/admin/no-such-page') browserErrors.expectFailedResponse(404);
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/dashboard$/);
    }
  });
});
