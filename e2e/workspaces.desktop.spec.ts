import { confirmOwnAddress, expect, mailTo, signUp, test } from './fixtures';

/**
 * Teams, step one (ADR 0131, ADR 0133): an owner creates a team in Settings → Workspaces and invites a colleague by
 * e-mail as an editor; the colleague, signed up and confirmed in a browser of their own, opens the mailed link,
 * accepts, and finds the team in their own Settings; the owner sees them among the members.
 */
test('create a team, invite a colleague by e-mail, and the colleague joins as an editor', async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000);
  const team = `Research ${Date.now()}`;
  await signUp(page, { name: 'Olive Owner', label: 'team-owner' });

  await page.goto('/dashboard/settings');
  await page.getByRole('tab', { name: 'Workspaces' }).click();
  await expect(page).toHaveURL(/\?tab=workspaces$/);
  const workspaces = page.getByRole('list', { name: 'Workspaces' });
  await expect(workspaces.getByRole('listitem')).toHaveCount(1);
  await expect(workspaces).toContainText('Personal');
  await page.getByLabel('Team name').fill(team);
  await page.getByRole('button', { name: 'Create team' }).click();
  await expect(workspaces.getByRole('listitem')).toHaveCount(2);
  const teamCard = page.getByRole('region', { name: team });
  await expect(teamCard.getByRole('list', { name: `Members of ${team}` })).toContainText('Olive Owner');

  // The colleague: a browser of their own, an account whose address is confirmed as its owner would.
  const colleagueContext = await browser.newContext({ storageState: undefined });
  const colleague = await colleagueContext.newPage();
  const colleagueEmail = await signUp(colleague, { name: 'Eddie Editor', label: 'team-editor' });
  await confirmOwnAddress(colleague, { email: colleagueEmail });

  await teamCard.getByLabel('Email', { exact: true }).fill(colleagueEmail);
  await teamCard.getByLabel('Role', { exact: true }).selectOption('editor');
  await teamCard.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText('Invitation sent')).toBeVisible();
  await expect(teamCard.getByRole('list', { name: `Pending invitations to ${team}` })).toContainText(colleagueEmail);

  const mail = await mailTo(colleagueEmail);
  expect(mail.subject).toBe(`Olive Owner invited you to ${team} on Promptcron`);
  const link = mail.links.find((url) => url.startsWith(`${baseURL}/invitations/`));
  expect(link).toBeDefined();

  await colleague.goto(new URL(link ?? '').pathname);
  await expect(colleague.getByRole('heading', { level: 1, name: `Join ${team}` })).toBeVisible();
  await expect(colleague.getByText(/Olive Owner invited/)).toContainText('as an editor');
  // The link is opened on phones as often as not: nothing sticks out at the narrowest.
  await colleague.setViewportSize({ width: 360, height: 740 });
  expect(await colleague.evaluate(() => document.documentElement.scrollWidth)).toBe(360);
  await colleague.setViewportSize({ width: 1280, height: 720 });
  await colleague.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(colleague).toHaveURL(/\/dashboard\/settings\?tab=workspaces$/);
  const joined = colleague.getByRole('list', { name: 'Workspaces' }).getByRole('listitem').filter({ hasText: team });
  await expect(joined).toContainText('Editor');
  await colleagueContext.close();

  await page.reload();
  const members = page.getByRole('region', { name: team }).getByRole('list', { name: `Members of ${team}` });
  await expect(members.getByRole('listitem', { name: 'Eddie Editor' })).toBeVisible();
  await expect(members.getByLabel('Role of Eddie Editor')).toHaveValue('editor');
  await expect(page.getByRole('region', { name: team }).getByText('No invitations are waiting for an answer.')).toBeVisible();
  await page.setViewportSize({ width: 360, height: 740 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(360);
});
