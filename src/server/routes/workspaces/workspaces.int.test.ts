import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { workspaceAudit, workspaceInvitations, workspaceMembers, workspaces } from '#server/db/schema/index';
import { createJobList } from '#server/engine/job-handlers';
import { findFreePort } from '#server/lib/free-port';
import { sendWorkspaceInvitationJob } from '#server/queue/job-definitions';
import { privateJobs } from '#server/queue/queue-internals';
import { testAppUrl, useTestApp, strongPassword, type SignedInUser, type TestClient } from '#test/app';
import { createEngineDeps, queuedJobs } from '#test/engine-setup';
import { useMailServer } from '#test/use-mail-server';

/**
 * Workspaces, members and invitations (ADR 0131, ADR 0133) through the API, as a team's members would use them: a
 * real database and a real SMTP server that the invitation mail goes through.
 */
const mail = useMailServer();
const t = useTestApp({ env: () => ({ SMTP_URL: mail.url }) });

interface WorkspaceAnswer {
  workspace: { id: string; name: string; slug: string; personal: boolean; role: string };
}

async function createTeam(client: TestClient, name = 'Acme Research'): Promise<WorkspaceAnswer['workspace']> {
  const { workspace } = (await client.ok('/api/workspaces', { method: 'POST', body: { name } })) as WorkspaceAnswer;
  return workspace;
}

/**
 * Runs the queued invitation mails as a worker would, through `smtpUrl` (the test's mail server unless told), and
 * empties the queue of those that went; a job that throws stays queued, as graphile-worker keeps it for a retry.
 */
async function sendQueuedInvitations({ smtpUrl = mail.url } = {}): Promise<number> {
  const jobs = createJobList(createEngineDeps({ database: t.database, env: { SMTP_URL: smtpUrl } }));
  const queued = await queuedJobs(t.database, sendWorkspaceInvitationJob);
  for (const { payload } of queued) await jobs[sendWorkspaceInvitationJob.name](payload, {} as never);
  await t.db.execute(sql`delete from ${privateJobs}`);
  return queued.length;
}

/** Invites `member` with `role` and returns the token of the link the mail carries, once the queued mail went. */
async function invite(owner: TestClient, workspaceId: string, email: string, role: string): Promise<string> {
  const before = mail.messages.length;
  const answer = await owner.request(`/api/workspaces/${workspaceId}/invitations`, { method: 'POST', body: { email, role } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  expect(await sendQueuedInvitations()).toBe(1);
  const message = await mail.waitFor(email, (each) => mail.messages.indexOf(each) >= before);
  const link = message.links.find((each) => each.startsWith(`${testAppUrl}/invitations/`));
  expect(link).toBeDefined();
  return link?.slice(`${testAppUrl}/invitations/`.length) ?? '';
}

/** A team of `owner` with `member` in it as `role`, through the invitation flow. */
async function teamWith(role: string, names: { owner: string; member: string }) {
  const owner = await t.signIn({ name: names.owner });
  const member = await t.signIn({ name: names.member });
  const team = await createTeam(owner.client, `${names.owner} team`);
  const token = await invite(owner.client, team.id, member.email, role);
  await member.client.ok(`/api/invitations/${token}/accept`, { method: 'POST' });
  return { owner, member, team };
}

async function rolesIn(workspaceId: string, client: TestClient) {
  const { items } = (await client.ok(`/api/workspaces/${workspaceId}/members`)) as { items: { email: string; role: string }[] };
  return Object.fromEntries(items.map((each) => [each.email, each.role]));
}

describe('workspaces', () => {
  it('gives every account its personal workspace, and a new team workspace makes its creator the owner', async () => {
    const { client } = await t.signIn({ name: 'Tess Teamwork' });
    const personalOnly = (await client.ok('/api/workspaces')) as { items: WorkspaceAnswer['workspace'][] };
    expect(personalOnly.items).toEqual([expect.objectContaining({ name: 'Personal', personal: true, role: 'owner' })]);
    expect(personalOnly.items[0]?.slug).toMatch(/^tess-teamwork-[0-9a-f]{8}$/);

    const created = await client.request('/api/workspaces', { method: 'POST', body: { name: '  Acme Research  ' } });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      workspace: {
        id: expect.any(String),
        name: 'Acme Research',
        slug: expect.stringMatching(/^acme-research(-\d+)?$/),
        personal: false,
        role: 'owner',
        createdAt: expect.any(String),
      },
    });
    const second = await createTeam(client, 'Acme Research');
    expect(second.slug).not.toBe((created.body as WorkspaceAnswer).workspace.slug);

    const listed = (await client.ok('/api/workspaces')) as { items: { name: string; personal: boolean }[] };
    expect(listed.items.map((each) => [each.name, each.personal])).toEqual([
      ['Personal', true],
      ['Acme Research', false],
      ['Acme Research', false],
    ]);
    const id = (created.body as WorkspaceAnswer).workspace.id;
    expect(await client.ok(`/api/workspaces/${id}`)).toMatchObject({ workspace: { id, role: 'owner' } });
    expect(await client.ok(`/api/workspaces/${id}`, { method: 'PATCH', body: { name: 'Acme Labs' } })).toMatchObject({
      workspace: { name: 'Acme Labs', slug: (created.body as WorkspaceAnswer).workspace.slug },
    });
  });

  it.each([
    ['A', 'The workspace name must be 2 to 60 characters.'],
    ['   x   ', 'The workspace name must be 2 to 60 characters.'],
    ['x'.repeat(61), 'The workspace name must be 2 to 60 characters.'],
    ['Tab\there', 'Text cannot contain control characters.'],
  ])('refuses the name %j with a clear message', async (name, message) => {
    const { client } = await t.signIn();
    const refused = await client.expectError('/api/workspaces', { method: 'POST', body: { name }, status: 400 });
    expect(refused.error).toMatchObject({ code: 'validation_failed', message });
    expect((await client.expectError('/api/workspaces', { method: 'POST', body: {}, status: 400 })).error.code).toBe('validation_failed');
  });

  it('makes a personal workspace for an account that signs up', async () => {
    const visitor = t.visitor('198.51.100.201');
    expect((await visitor.signUp({ name: 'New Nora', email: 'new.nora@example.com', password: strongPassword })).status).toBe(200);
    const { items } = (await visitor.ok('/api/workspaces')) as { items: WorkspaceAnswer['workspace'][] };
    expect(items).toEqual([
      expect.objectContaining({ name: 'Personal', personal: true, role: 'owner', slug: expect.stringMatching(/^new-nora-/) }),
    ]);
  });

  it('makes a personal workspace for an account an administrator invites', async () => {
    const admin = await t.signIn({ name: 'Ines Inviter', role: 'admin' });
    const created = (await admin.client.ok('/api/admin/users', {
      method: 'POST',
      body: { email: 'added.ann@example.com', name: 'Added Ann' },
    })) as {
      user: { id: string };
    };
    const personal = await t.db.select().from(workspaces).where(eq(workspaces.personalUserId, created.user.id));
    expect(personal).toEqual([expect.objectContaining({ name: 'Personal', slug: expect.stringMatching(/^added-ann-[0-9a-f]{8}$/) })]);
    expect(
      await t.db.select({ role: workspaceMembers.role }).from(workspaceMembers).where(eq(workspaceMembers.userId, created.user.id)),
    ).toEqual([{ role: 'owner' }]);
  });

  it('deletes a team workspace for its owner only, and never the personal one', async () => {
    const { owner, member, team } = await teamWith('admin', { owner: 'Dora Deleter', member: 'Adam Admin' });
    const refused = await member.client.expectError(`/api/workspaces/${team.id}`, { method: 'DELETE', status: 403 });
    expect(refused.error.message).toBe('You need the owner role in this workspace to do this.');
    const { items } = (await owner.client.ok('/api/workspaces')) as { items: WorkspaceAnswer['workspace'][] };
    const personal = items.find((each) => each.personal);
    const kept = await owner.client.expectError(`/api/workspaces/${personal?.id}`, { method: 'DELETE', status: 409 });
    expect(kept.error.message).toBe('Your personal workspace cannot be deleted.');

    expect((await owner.client.request(`/api/workspaces/${team.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await owner.client.expectError(`/api/workspaces/${team.id}`, { status: 404 })).error.message).toBe('Workspace not found.');
    expect((await member.client.request(`/api/workspaces/${team.id}`)).status).toBe(404);
    expect(await t.db.select().from(workspaceMembers).where(eq(workspaceMembers.workspaceId, team.id))).toEqual([]);
  });
});

describe('invitations', () => {
  it('invites by e-mail; the link shows the offer, and accepting makes the invited account a member with the role', async () => {
    const owner = await t.signIn({ name: 'Olive Owner' });
    const invited = await t.signIn({ name: 'Ivan Invited' });
    const team = await createTeam(owner.client, 'Olive Labs');

    const sent = await owner.client.request(`/api/workspaces/${team.id}/invitations`, {
      method: 'POST',
      body: { email: invited.email.toUpperCase(), role: 'editor' },
    });
    expect(sent.status).toBe(201);
    expect(sent.body).toEqual({
      invitation: {
        id: expect.any(String),
        email: invited.email,
        role: 'editor',
        invitedBy: { id: owner.id, name: 'Olive Owner' },
        createdAt: expect.any(String),
        expiresAt: expect.any(String),
      },
    });
    const invitation = (sent.body as { invitation: { createdAt: string; expiresAt: string } }).invitation;
    expect(Date.parse(invitation.expiresAt) - Date.parse(invitation.createdAt)).toBe(7 * 24 * 3_600_000);

    // The mail goes from the queue, retried with backoff if the mail server fails.
    expect(await queuedJobs(t.database, sendWorkspaceInvitationJob)).toEqual([expect.objectContaining({ maxAttempts: 5 })]);
    expect(await sendQueuedInvitations()).toBe(1);
    const message = await mail.waitFor(invited.email);
    expect(message.subject).toBe('Olive Owner invited you to Olive Labs on Promptcron');
    expect(message.text).toContain('invited you to join the workspace "Olive Labs" on Promptcron as an editor.');
    const link = message.links.find((each) => each.startsWith(`${testAppUrl}/invitations/`)) ?? '';
    const token = link.slice(`${testAppUrl}/invitations/`.length);
    expect(token).toMatch(/^[\w-]{43}$/);
    // Only a hash of the token is kept.
    const [stored] = await t.db.select().from(workspaceInvitations).where(eq(workspaceInvitations.workspaceId, team.id));
    expect(stored?.tokenHash).not.toContain(token);

    expect(await owner.client.ok(`/api/workspaces/${team.id}/invitations`)).toMatchObject({
      items: [{ email: invited.email, role: 'editor' }],
    });
    expect(await t.visitor().ok(`/api/invitations/${token}`)).toEqual({
      invitation: {
        workspace: { name: 'Olive Labs' },
        email: invited.email,
        role: 'editor',
        invitedBy: { name: 'Olive Owner' },
        expiresAt: invitation.expiresAt,
      },
    });

    const accepted = await invited.client.ok(`/api/invitations/${token}/accept`, { method: 'POST' });
    expect(accepted).toMatchObject({ workspace: { id: team.id, name: 'Olive Labs', personal: false, role: 'editor' } });
    expect(await rolesIn(team.id, owner.client)).toEqual({ [owner.email]: 'owner', [invited.email]: 'editor' });
    expect((await invited.client.ok('/api/workspaces')) as unknown).toMatchObject({
      items: [{ personal: true }, { id: team.id, role: 'editor' }],
    });
    expect(await owner.client.ok(`/api/workspaces/${team.id}/invitations`)).toEqual({ items: [] });

    // Used once.
    const again = await invited.client.expectError(`/api/invitations/${token}/accept`, { method: 'POST', status: 410 });
    expect(again.error).toEqual({ code: 'invitation_used', message: 'This invitation has already been used.' });
    expect((await t.visitor().expectError(`/api/invitations/${token}`, { status: 410 })).error.code).toBe('invitation_used');

    const audit = await t.db.select().from(workspaceAudit).where(eq(workspaceAudit.workspaceId, team.id));
    expect(audit.map((entry) => [entry.action, entry.actorId])).toEqual(
      expect.arrayContaining([
        ['invitation.create', owner.id],
        ['invitation.accept', invited.id],
      ]),
    );
  });

  it('refuses a member already, a role above the inviter’s, an unknown role and an invitation by an editor', async () => {
    const { owner, member: admin, team } = await teamWith('admin', { owner: 'Rita Refuser', member: 'Andy Admin' });
    const stranger = await t.signIn({ name: 'Sam Stranger' });

    const member = await owner.client.expectError(`/api/workspaces/${team.id}/invitations`, {
      method: 'POST',
      body: { email: admin.email, role: 'viewer' },
      status: 409,
    });
    expect(member.error.message).toBe(`${admin.email} is already a member of this workspace.`);

    const above = await admin.client.expectError(`/api/workspaces/${team.id}/invitations`, {
      method: 'POST',
      body: { email: stranger.email, role: 'owner' },
      status: 403,
    });
    expect(above.error).toEqual({ code: 'forbidden', message: 'You cannot invite someone with a role above your own (admin).' });

    const unknown = await owner.client.expectError(`/api/workspaces/${team.id}/invitations`, {
      method: 'POST',
      body: { email: stranger.email, role: 'superuser' },
      status: 400,
    });
    expect(unknown.error).toMatchObject({ code: 'validation_failed', message: 'Please choose a role: viewer, editor, admin, owner.' });
    const notAnAddress = await owner.client.expectError(`/api/workspaces/${team.id}/invitations`, {
      method: 'POST',
      body: { email: 'nobody', role: 'viewer' },
      status: 400,
    });
    expect(notAnAddress.error.message).toBe('Please enter a valid email address.');

    await admin.client.ok(`/api/workspaces/${team.id}/members/${admin.id}`, { method: 'PATCH', body: { role: 'editor' } });
    const editor = await admin.client.expectError(`/api/workspaces/${team.id}/invitations`, {
      method: 'POST',
      body: { email: stranger.email, role: 'viewer' },
      status: 403,
    });
    expect(editor.error.message).toBe('You need the admin role in this workspace to do this.');

    const { items } = (await owner.client.ok('/api/workspaces')) as { items: WorkspaceAnswer['workspace'][] };
    const personal = items.find((each) => each.personal);
    const alone = await owner.client.expectError(`/api/workspaces/${personal?.id}/invitations`, {
      method: 'POST',
      body: { email: stranger.email, role: 'viewer' },
      status: 409,
    });
    expect(alone.error.message).toBe('Nobody can join a personal workspace. Create a team workspace to invite people.');
  });

  it('sends a pending address a new link and withdraws the old one; a revoked link answers 410', async () => {
    const owner = await t.signIn({ name: 'Reece Resender' });
    const team = await createTeam(owner.client, 'Resend Inc');
    const first = await invite(owner.client, team.id, 'pending.pat@example.com', 'viewer');
    const second = await invite(owner.client, team.id, 'pending.pat@example.com', 'editor');
    expect(second).not.toBe(first);
    const withdrawn = await t.visitor().expectError(`/api/invitations/${first}`, { status: 410 });
    expect(withdrawn.error).toEqual({
      code: 'invitation_revoked',
      message: 'This invitation was withdrawn. Ask the person who invited you for a new one.',
    });
    const { items } = (await owner.client.ok(`/api/workspaces/${team.id}/invitations`)) as { items: { id: string; role: string }[] };
    expect(items.map((each) => each.role)).toEqual(['editor']);

    expect((await owner.client.request(`/api/workspaces/${team.id}/invitations/${items[0]?.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await t.visitor().expectError(`/api/invitations/${second}`, { status: 410 })).error.code).toBe('invitation_revoked');
    expect(await owner.client.ok(`/api/workspaces/${team.id}/invitations`)).toEqual({ items: [] });
    await owner.client.expectError(`/api/workspaces/${team.id}/invitations/${items[0]?.id}`, { method: 'DELETE', status: 404 });
    const actions = await t.db
      .select({ action: workspaceAudit.action })
      .from(workspaceAudit)
      .where(eq(workspaceAudit.workspaceId, team.id));
    expect(actions.map((each) => each.action).sort()).toEqual(['invitation.create', 'invitation.create', 'invitation.revoke']);
  });

  it('saves the invitation and answers 201 while the mail server is down; the mail goes on a later try', async () => {
    const owner = await t.signIn({ name: 'Dora Downtime' });
    const team = await createTeam(owner.client, 'Downtime Ltd');
    const sent = await owner.client.request(`/api/workspaces/${team.id}/invitations`, {
      method: 'POST',
      body: { email: 'later.lou@example.com', role: 'viewer' },
    });
    expect(sent.status).toBe(201);
    expect(await owner.client.ok(`/api/workspaces/${team.id}/invitations`)).toMatchObject({
      items: [{ email: 'later.lou@example.com', role: 'viewer' }],
    });

    // A worker's first try meets a mail server that refuses the connection: the job throws and stays queued.
    const jobs = createJobList(createEngineDeps({ database: t.database, env: { SMTP_URL: `smtp://127.0.0.1:${await findFreePort()}` } }));
    const [queued] = await queuedJobs(t.database, sendWorkspaceInvitationJob);
    await expect(jobs[sendWorkspaceInvitationJob.name](queued?.payload ?? {}, {} as never)).rejects.toThrow();
    expect(await queuedJobs(t.database, sendWorkspaceInvitationJob)).toHaveLength(1);

    expect(await sendQueuedInvitations()).toBe(1);
    const message = await mail.waitFor('later.lou@example.com');
    expect(message.subject).toBe('Dora Downtime invited you to Downtime Ltd on Promptcron');
  });

  it('mails nothing for an invitation withdrawn before its mail went', async () => {
    const owner = await t.signIn({ name: 'Wanda Withdraw' });
    const team = await createTeam(owner.client, 'Withdrawn Co');
    const before = mail.messages.length;
    const { invitation } = (await owner.client.ok(`/api/workspaces/${team.id}/invitations`, {
      method: 'POST',
      body: { email: 'never.ned@example.com', role: 'viewer' },
    })) as { invitation: { id: string } };
    await owner.client.ok(`/api/workspaces/${team.id}/invitations/${invitation.id}`, { method: 'DELETE' });
    expect(await sendQueuedInvitations()).toBe(1);
    expect(mail.messages.slice(before).filter((each) => each.to.includes('never.ned@example.com'))).toEqual([]);
  });

  it('keeps at most 20 invitations pending in a workspace', async () => {
    const owner = await t.signIn({ name: 'Lim Limits' });
    const team = await createTeam(owner.client, 'Crowded');
    for (let index = 1; index <= 20; index += 1) {
      const answer = await owner.client.request(`/api/workspaces/${team.id}/invitations`, {
        method: 'POST',
        body: { email: `crowd-${index}@example.com`, role: 'viewer' },
      });
      expect(answer.status).toBe(201);
    }
    const refused = await owner.client.expectError(`/api/workspaces/${team.id}/invitations`, {
      method: 'POST',
      body: { email: 'crowd-21@example.com', role: 'viewer' },
      status: 409,
    });
    expect(refused.error).toEqual({
      code: 'invitation_limit',
      message: 'A workspace can have at most 20 pending invitations. Revoke one, or wait until one is accepted.',
    });
    // Sending a pending address a new link is not one more.
    expect(
      (
        await owner.client.request(`/api/workspaces/${team.id}/invitations`, {
          method: 'POST',
          body: { email: 'crowd-1@example.com', role: 'editor' },
        })
      ).status,
    ).toBe(201);
    // 21 mails queued to nobody who reads them; the next test starts with an empty queue.
    expect(await queuedJobs(t.database, sendWorkspaceInvitationJob)).toHaveLength(21);
    await t.db.execute(sql`delete from ${privateJobs}`);
  });

  it('lets only the invited, confirmed address accept, and not an expired or unknown link', async () => {
    const owner = await t.signIn({ name: 'Quinn Quorum' });
    const invited = await t.signIn({ name: 'Una Unconfirmed', emailVerified: false });
    const other = await t.signIn({ name: 'Otto Other' });
    const team = await createTeam(owner.client, 'Quorum');
    const token = await invite(owner.client, team.id, invited.email, 'viewer');

    const wrong = await other.client.expectError(`/api/invitations/${token}/accept`, { method: 'POST', status: 403 });
    expect(wrong.error).toEqual({
      code: 'forbidden',
      message: `This invitation is for ${invited.email}. Sign in with that address to accept it.`,
    });
    const unconfirmed = await invited.client.expectError(`/api/invitations/${token}/accept`, { method: 'POST', status: 403 });
    expect(unconfirmed.error.message).toBe('Confirm your e-mail address first (see the mail we sent you), then accept the invitation.');
    expect((await t.visitor().request(`/api/invitations/${token}/accept`, { method: 'POST' })).status).toBe(401);

    await t.db
      .update(workspaceInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(workspaceInvitations.workspaceId, team.id));
    const expired = await other.client.expectError(`/api/invitations/${token}/accept`, { method: 'POST', status: 410 });
    expect(expired.error).toEqual({
      code: 'invitation_expired',
      message: 'This invitation has expired. Ask the person who invited you for a new one.',
    });
    expect((await t.visitor().expectError(`/api/invitations/${token}`, { status: 410 })).error.code).toBe('invitation_expired');

    for (const unknown of ['not-a-token', 'x'.repeat(43)]) {
      const answer = await t.visitor().expectError(`/api/invitations/${unknown}`, { status: 404 });
      expect(answer.error.message).toBe('This invitation link is not valid. Check that you copied the whole link.');
      await other.client.expectError(`/api/invitations/${unknown}/accept`, { method: 'POST', status: 404 });
    }
    expect(await rolesIn(team.id, owner.client)).toEqual({ [owner.email]: 'owner' });
  });
});

describe('members and roles', () => {
  it('lets an admin change roles up to their own but not an owner’s, and keeps the last owner', async () => {
    const { owner, member: admin, team } = await teamWith('admin', { owner: 'Opal Owner', member: 'Abe Admin' });
    const viewer = await t.signIn({ name: 'Vic Viewer' });
    await viewer.client.ok(`/api/invitations/${await invite(owner.client, team.id, viewer.email, 'viewer')}/accept`, { method: 'POST' });

    const promoted = await admin.client.ok(`/api/workspaces/${team.id}/members/${viewer.id}`, { method: 'PATCH', body: { role: 'admin' } });
    expect(promoted).toMatchObject({ member: { userId: viewer.id, email: viewer.email, role: 'admin' } });
    const aboveOwn = await admin.client.expectError(`/api/workspaces/${team.id}/members/${viewer.id}`, {
      method: 'PATCH',
      body: { role: 'owner' },
      status: 403,
    });
    expect(aboveOwn.error.message).toBe('You cannot grant a role above your own (admin).');
    const ownersRole = await admin.client.expectError(`/api/workspaces/${team.id}/members/${owner.id}`, {
      method: 'PATCH',
      body: { role: 'viewer' },
      status: 403,
    });
    expect(ownersRole.error.message).toBe('Only an owner can change the role of an owner.');
    const lastOwner = await owner.client.expectError(`/api/workspaces/${team.id}/members/${owner.id}`, {
      method: 'PATCH',
      body: { role: 'admin' },
      status: 409,
    });
    expect(lastOwner.error.message).toBe(
      'The last owner cannot be given another role. Make another member an owner first, or delete the workspace.',
    );
    const noSuchRole = await owner.client.expectError(`/api/workspaces/${team.id}/members/${viewer.id}`, {
      method: 'PATCH',
      body: { role: 'boss' },
      status: 400,
    });
    expect(noSuchRole.error.message).toBe('Please choose a role: viewer, editor, admin, owner.');
    await owner.client.expectError(`/api/workspaces/${team.id}/members/nobody-here`, {
      method: 'PATCH',
      body: { role: 'viewer' },
      status: 404,
    });

    await owner.client.ok(`/api/workspaces/${team.id}/members/${admin.id}`, { method: 'PATCH', body: { role: 'owner' } });
    await owner.client.ok(`/api/workspaces/${team.id}/members/${owner.id}`, { method: 'PATCH', body: { role: 'editor' } });
    expect(await rolesIn(team.id, owner.client)).toEqual({ [admin.email]: 'owner', [viewer.email]: 'admin', [owner.email]: 'editor' });

    const changes = await t.db
      .select({ actor: workspaceAudit.actorId, target: workspaceAudit.targetId, details: workspaceAudit.details })
      .from(workspaceAudit)
      .where(and(eq(workspaceAudit.workspaceId, team.id), eq(workspaceAudit.action, 'member.role_change')));
    expect(changes).toEqual(
      expect.arrayContaining([
        { actor: admin.id, target: viewer.id, details: { email: viewer.email, from: 'viewer', to: 'admin' } },
        { actor: owner.id, target: owner.id, details: { email: owner.email, from: 'owner', to: 'editor' } },
      ]),
    );
  });

  it('removes members: an admin removes an editor, only an owner removes an owner, never the last one', async () => {
    const { owner, member: admin, team } = await teamWith('admin', { owner: 'Rob Remover', member: 'Ada Adminson' });
    const editor = await t.signIn({ name: 'Ed Editor' });
    await editor.client.ok(`/api/invitations/${await invite(owner.client, team.id, editor.email, 'editor')}/accept`, { method: 'POST' });

    const ownerOut = await admin.client.expectError(`/api/workspaces/${team.id}/members/${owner.id}`, { method: 'DELETE', status: 403 });
    expect(ownerOut.error.message).toBe('Only an owner can remove an owner.');
    const last = await owner.client.expectError(`/api/workspaces/${team.id}/members/${owner.id}`, { method: 'DELETE', status: 409 });
    expect(last.error.message).toBe('The last owner cannot be removed. Make another member an owner first, or delete the workspace.');
    const byEditor = await editor.client.expectError(`/api/workspaces/${team.id}/members/${admin.id}`, { method: 'DELETE', status: 403 });
    expect(byEditor.error.message).toBe('You need the admin role in this workspace to do this.');

    expect((await admin.client.request(`/api/workspaces/${team.id}/members/${editor.id}`, { method: 'DELETE' })).status).toBe(204);
    // A removed member finds nothing there any more.
    expect((await editor.client.request(`/api/workspaces/${team.id}`)).status).toBe(404);
    expect((await editor.client.request(`/api/workspaces/${team.id}/members`)).status).toBe(404);
    expect(await rolesIn(team.id, owner.client)).toEqual({ [owner.email]: 'owner', [admin.email]: 'admin' });
    const [removal] = await t.db
      .select()
      .from(workspaceAudit)
      .where(and(eq(workspaceAudit.workspaceId, team.id), eq(workspaceAudit.action, 'member.remove')));
    expect(removal).toMatchObject({ actorId: admin.id, targetId: editor.id, details: { email: editor.email, role: 'editor' } });
  });

  it('lets a member leave, but not the last owner, and nobody their personal workspace', async () => {
    const { owner, member, team } = await teamWith('viewer', { owner: 'Lou Last', member: 'Lee Leaver' });
    expect((await member.client.request(`/api/workspaces/${team.id}/leave`, { method: 'POST' })).status).toBe(204);
    expect((await member.client.request(`/api/workspaces/${team.id}`)).status).toBe(404);
    const [left] = await t.db
      .select()
      .from(workspaceAudit)
      .where(and(eq(workspaceAudit.workspaceId, team.id), eq(workspaceAudit.action, 'member.leave')));
    expect(left).toMatchObject({ actorId: member.id, targetId: member.id });

    const lastOwner = await owner.client.expectError(`/api/workspaces/${team.id}/leave`, { method: 'POST', status: 409 });
    expect(lastOwner.error.message).toBe(
      'The last owner cannot leave the workspace. Make another member an owner first, or delete the workspace.',
    );
    const { items } = (await owner.client.ok('/api/workspaces')) as { items: WorkspaceAnswer['workspace'][] };
    const personal = items.find((each) => each.personal);
    const own = await owner.client.expectError(`/api/workspaces/${personal?.id}/leave`, { method: 'POST', status: 409 });
    expect(own.error.message).toBe('You cannot leave your personal workspace.');
  });
});

describe('account deletion', () => {
  it('is refused to the last owner of a team others work in, naming it; once handed over it takes what was only theirs', async () => {
    const { owner, member, team: shared } = await teamWith('editor', { owner: 'Gone Gwen', member: 'Heir Henry' });
    const alone = await createTeam(owner.client, 'Only Gwen');
    const deleteAccount = () =>
      owner.client.request('/api/me/delete-account', { method: 'POST', body: { email: owner.email, password: strongPassword } });

    const refused = await deleteAccount();
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      error: {
        code: 'conflict',
        message: `You are the last owner of “${shared.name}”, where others still work. Make another member an owner, or delete the workspace, first.`,
      },
    });
    // Nothing went: the account, its personal workspace and both teams are as they were.
    expect(await t.db.select().from(workspaces).where(eq(workspaces.personalUserId, owner.id))).toHaveLength(1);
    expect(await t.db.select().from(workspaces).where(eq(workspaces.id, alone.id))).toHaveLength(1);

    const members = (await owner.client.ok(`/api/workspaces/${shared.id}/members`)) as { items: { userId: string; email: string }[] };
    const heir = members.items.find((each) => each.email === member.email);
    await owner.client.ok(`/api/workspaces/${shared.id}/members/${heir?.userId}`, { method: 'PATCH', body: { role: 'owner' } });
    expect((await deleteAccount()).status).toBe(200);

    expect(await t.db.select().from(workspaces).where(eq(workspaces.personalUserId, owner.id))).toEqual([]);
    expect(await t.db.select().from(workspaces).where(eq(workspaces.id, alone.id))).toEqual([]);
    expect(await rolesIn(shared.id, member.client)).toEqual({ [member.email]: 'owner' });
  });
});

/**
 * The role matrix (ADR 0131) read from the OpenAPI document: every operation on `/api/workspaces/{id}…` declares its
 * least role as `x-workspace-role`; a stranger gets 404 from each, as for a workspace that does not exist, and a
 * member one role below gets 403.
 */
describe('x-workspace-role', () => {
  const roles = ['viewer', 'editor', 'admin', 'owner'];
  const bodies: Record<string, unknown> = {
    'PATCH /api/workspaces/{id}': { name: 'Renamed' },
    'PATCH /api/workspaces/{id}/members/{userId}': { role: 'viewer' },
    'POST /api/workspaces/{id}/invitations': { email: 'probe@example.com', role: 'viewer' },
  };

  async function operations() {
    const document = (await t.visitor().ok('/api/openapi.json')) as unknown as {
      paths: Record<string, Record<string, { 'x-workspace-role'?: string }>>;
    };
    return Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({ path, method: method.toUpperCase(), least: operation['x-workspace-role'] })),
    );
  }

  it('is declared on every workspace operation and enforced: 404 for strangers and unknown ids, 403 below the role', async () => {
    const all = await operations();
    const onWorkspace = all.filter((operation) => operation.path.startsWith('/api/workspaces/{id}'));
    expect(onWorkspace.length).toBeGreaterThanOrEqual(10);
    expect(onWorkspace.filter((operation) => !roles.includes(operation.least ?? '')).map((each) => `${each.method} ${each.path}`)).toEqual(
      [],
    );
    expect(all.filter((operation) => /^\/api\/(workspaces|invitations)/.test(operation.path)).every((each) => each.least)).toBe(true);

    const { owner, team } = await teamWith('viewer', { owner: 'Matrix Mo', member: 'Matrix Vi' });
    const stranger: SignedInUser = await t.signIn({ name: 'Probing Pete' });
    const below: Record<string, SignedInUser> = {};
    for (const role of ['viewer', 'editor', 'admin']) {
      const user = await t.signIn({ name: `Matrix ${role}` });
      await user.client.ok(`/api/invitations/${await invite(owner.client, team.id, user.email, role)}/accept`, { method: 'POST' });
      below[role] = user;
    }
    const strangerTeam = await createTeam(stranger.client, 'Pete’s own');

    for (const { path, method, least } of onWorkspace) {
      const name = `${method} ${path}`;
      const on = (workspaceId: string) =>
        path.replace('{id}', workspaceId).replace('{userId}', owner.id).replace('{invitationId}', '00000000-0000-4000-8000-000000000000');
      const body = bodies[name];
      for (const id of [team.id, '00000000-0000-4000-8000-000000000000', 'not-a-workspace']) {
        const answer = await stranger.client.request(on(id), { method: method as 'GET', body });
        expect({ name, id, status: answer.status, body: answer.body }).toEqual({
          name,
          id,
          status: 404,
          body: { error: { code: 'not_found', message: 'Workspace not found.' } },
        });
      }
      // The owner of another workspace is still a stranger here: roles do not carry across workspaces.
      expect((await owner.client.request(on(strangerTeam.id), { method: method as 'GET', body })).status, name).toBe(404);
      const index = roles.indexOf(least ?? '');
      if (index > 0) {
        const lower = below[roles[index - 1] ?? ''];
        const answer = await lower?.client.request(on(team.id), { method: method as 'GET', body });
        expect({ name, status: answer?.status }).toEqual({ name, status: 403 });
      }
    }
  });
});
