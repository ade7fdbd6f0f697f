import type { Page } from '@playwright/test';
import type { Workspace } from '#shared/workspaces/workspace.schema';
import { confirmOwnAddress, dailyTaskBody, expect, mailTo, signUp, test } from './fixtures';

/** Chooses a workspace in the header's switcher, as a member would, and waits for its overview. */
async function switchTo(page: Page, workspace: string) {
  await page.getByRole('button', { name: /^Workspace: / }).click();
  await page
    .getByRole('menu')
    .getByRole('menuitemradio', { name: new RegExp(`^${workspace}`) })
    .click();
  await expect(page.getByRole('button', { name: `Workspace: ${workspace}` })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/**
 * Team workspaces end to end (ADR 0131, ADR 0136): an owner creates a team and invites a colleague as an editor; the
 * colleague accepts, switches to the team in the header, finds the task the owner made there, runs it, and is told
 * that billing is the owner's.
 */
test('a team shares its tasks: the invited editor switches to it, runs the owner’s task, and leaves billing to the owner', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const team = 'Competitor watch';
  const origin = { Origin: baseURL ?? '' };
  const ownerEmail = await signUp(page, { name: 'Olive Owner', label: 'teams-owner' });
  await confirmOwnAddress(page, { email: ownerEmail });

  const colleagueContext = await browser.newContext({ storageState: undefined });
  const colleague = await colleagueContext.newPage();

  await test.step('the owner creates the team in Settings → Workspaces, reached from the switcher', async () => {
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Workspace: Personal' }).click();
    await page.getByRole('menuitem', { name: 'Create team…' }).click();
    await expect(page).toHaveURL(/\/dashboard\/settings\?tab=workspaces$/);
    await page.getByLabel('Team name').fill(team);
    await page.getByRole('button', { name: 'Create team' }).click();
    await expect(page.getByRole('list', { name: 'Workspaces' }).getByRole('listitem')).toHaveCount(2);
  });

  await test.step('the owner invites the colleague as an editor, who signs up and accepts', async () => {
    const colleagueEmail = await signUp(colleague, { name: 'Eddie Editor', label: 'teams-editor' });
    await confirmOwnAddress(colleague, { email: colleagueEmail });

    const teamCard = page.getByRole('region', { name: team });
    await teamCard.getByLabel('Email', { exact: true }).fill(colleagueEmail);
    await teamCard.getByLabel('Role', { exact: true }).selectOption('editor');
    await teamCard.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByText('Invitation sent')).toBeVisible();

    const mail = await mailTo(colleagueEmail);
    const link = mail.links.find((url) => url.startsWith(`${baseURL}/invitations/`));
    expect(link).toBeDefined();
    await colleague.goto(new URL(link ?? '').pathname);
    await expect(colleague.getByRole('heading', { level: 1, name: `Join ${team}` })).toBeVisible();
    await colleague.getByRole('button', { name: 'Accept invitation' }).click();
    await expect(colleague).toHaveURL(/\/dashboard\/settings\?tab=workspaces$/);
    await expect(colleague.getByRole('list', { name: 'Workspaces' }).getByRole('listitem').filter({ hasText: team })).toContainText(
      'Editor',
    );
  });

  await test.step('the owner switches to the team and makes a task there', async () => {
    await page.goto('/dashboard');
    await switchTo(page, team);
    const listed = await page.request.get('/api/workspaces');
    const { items } = (await listed.json()) as { items: Workspace[] };
    const teamId = items.find((workspace) => workspace.name === team)?.id ?? '';
    const created = await page.request.post('/api/tasks', {
      data: dailyTaskBody({ name: 'Rival prices', email: ownerEmail }),
      headers: { ...origin, 'X-Workspace-Id': teamId },
    });
    expect(created.ok(), await created.text()).toBe(true);
    await page.goto('/dashboard/tasks');
    await expect(page.getByRole('button', { name: `Workspace: ${team}` })).toBeVisible();
    await expect(page.getByRole('table').getByRole('link', { name: 'Rival prices' })).toBeVisible();
  });

  await test.step('the colleague switches to the team in the header and is told billing is the owner’s', async () => {
    await colleague.goto('/dashboard');
    await switchTo(colleague, team);
    await colleague.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Subscription' }).click();
    await expect(colleague.getByText('Only the workspace owner can manage billing.')).toBeVisible();
    await expect(colleague.getByRole('button', { name: /Subscribe|Manage Subscription/ })).toHaveCount(0);
  });

  await test.step('the colleague finds the task in the team, made by the owner', async () => {
    await colleague.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Tasks' }).click();
    await colleague.getByRole('table').getByRole('link', { name: 'Rival prices' }).click();
    await expect(colleague.getByRole('heading', { level: 2, name: 'Rival prices' })).toBeVisible();
    await expect(colleague.getByText('Created by Olive Owner')).toBeVisible();
  });

  await test.step('the colleague runs it and sees the run complete', async () => {
    await colleague.getByRole('button', { name: 'Run Now' }).click();
    await expect(colleague.getByText('Task completed')).toBeVisible({ timeout: 30_000 });
  });

  await test.step('the owner’s personal workspace does not have the team’s task', async () => {
    await switchTo(page, 'Personal');
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Tasks' }).click();
    await expect(page.getByText('No tasks yet')).toBeVisible();
  });

  await colleagueContext.close();
});
