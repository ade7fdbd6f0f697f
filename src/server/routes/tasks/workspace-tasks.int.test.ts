import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp, type SignedInUser } from '#test/app';
import { taskInput } from '#test/builders';
import { seedRun, seedTask } from '#test/seed';
import { createApiKey } from '../../core/api-keys/manage-api-keys';
import { subscriptionPlans, subscriptions, tasks, workspaceAudit, workspaceMembers, workspaces } from '../../db/schema';

/**
 * Tasks and runs belong to a workspace (ADR 0136): its members read them by their role, whoever created them, and
 * nobody outside it learns they exist. The team is made in the database; its membership routes have tests of their own.
 */
const t = useTestApp();
let editor: SignedInUser;
let viewer: SignedInUser;
let admin: SignedInUser;
let stranger: SignedInUser;
let team: { id: string };
let strangersTeam: { id: string };

const inTeam = () => ({ 'X-Workspace-Id': team.id });

async function workspaceWith(name: string, members: [SignedInUser, 'owner' | 'admin' | 'editor' | 'viewer'][]) {
  const [workspace] = await t.db
    .insert(workspaces)
    .values({ name, slug: `${name.toLowerCase().replaceAll(' ', '-')}-${Date.now()}` })
    .returning();
  if (!workspace) throw new Error('no workspace');
  await t.db.insert(workspaceMembers).values(members.map(([member, role]) => ({ workspaceId: workspace.id, userId: member.id, role })));
  return workspace;
}

beforeAll(async () => {
  admin = await t.signIn({ name: 'Olga Owner' });
  editor = await t.signIn({ name: 'Eddie Editor' });
  viewer = await t.signIn({ name: 'Vera Viewer' });
  stranger = await t.signIn({ name: 'Sam Stranger' });
  team = await workspaceWith('Acme Research', [
    [admin, 'owner'],
    [editor, 'editor'],
    [viewer, 'viewer'],
  ]);
  strangersTeam = await workspaceWith('Other Corp', [[stranger, 'owner']]);
  // The editor makes more tasks than Free's five: the team is on Pro (its plan is the workspace's, ADR 0140).
  const [pro] = await t.db.select().from(subscriptionPlans).where(eq(subscriptionPlans.name, 'Pro'));
  await t.db
    .insert(subscriptions)
    .values({ workspaceId: team.id, planId: pro?.id ?? '', status: 'active', stripeSubscriptionId: 'sub_team' });
});

async function createInTeam(name: string, by: SignedInUser = editor): Promise<{ id: string }> {
  const created = await by.client.request('/api/tasks', {
    method: 'POST',
    body: taskInput({ name, deliveryConfig: { email: by.email } }),
    headers: inTeam(),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return (created.body as { task: { id: string } }).task;
}

const namesOf = (body: unknown) => (body as { items: { name: string }[] }).items.map((task) => task.name);

describe('tasks of a team workspace', () => {
  it('are made by an editor, read by a viewer with their runs, and changed by neither a viewer nor Run Now of one', async () => {
    const task = await createInTeam('Team digest');
    const [row] = await t.db.select().from(tasks).where(eq(tasks.id, task.id));
    expect(row).toMatchObject({ workspaceId: team.id, userId: editor.id, updatedBy: null });
    const run = await seedRun(t.db, { id: task.id, userId: editor.id });

    const list = await viewer.client.request('/api/tasks', { headers: inTeam() });
    expect(list.status).toBe(200);
    expect(namesOf(list.body)).toContain('Team digest');
    const read = await viewer.client.request(`/api/tasks/${task.id}`, { headers: inTeam() });
    expect(read.status).toBe(200);
    expect((read.body as { task: Record<string, unknown> }).task).toMatchObject({
      createdBy: { id: editor.id, name: 'Eddie Editor' },
      updatedBy: null,
      // A viewer may not change the task, nor sign its deliveries.
      webhookSecret: null,
    });
    const runs = await viewer.client.request(`/api/tasks/${task.id}/runs`, { headers: inTeam() });
    expect((runs.body as { items: { id: string }[] }).items.map((each) => each.id)).toEqual([run.id]);
    expect((await viewer.client.request(`/api/runs/${run.id}`, { headers: inTeam() })).status).toBe(200);
    const history = await viewer.client.request('/api/runs', { headers: inTeam() });
    expect((history.body as { items: { id: string }[] }).items.map((each) => each.id)).toContain(run.id);

    const put = await viewer.client.request(`/api/tasks/${task.id}`, {
      method: 'PUT',
      body: taskInput({ name: 'Mine now' }),
      headers: inTeam(),
    });
    expect(put.status).toBe(403);
    expect(put.body).toMatchObject({ error: { code: 'forbidden' } });
    const runNow = await viewer.client.request(`/api/tasks/${task.id}/runs`, { method: 'POST', headers: inTeam() });
    expect(runNow.status).toBe(403);
  });

  it('are not found by anyone outside the team, and appear in no list of another workspace', async () => {
    const task = await createInTeam('Secret plans');
    const run = await seedRun(t.db, { id: task.id, userId: editor.id });
    for (const headers of [{}, { 'X-Workspace-Id': strangersTeam.id }]) {
      for (const path of [
        `/api/tasks/${task.id}`,
        `/api/tasks/${task.id}/runs`,
        `/api/runs/${run.id}`,
        `/api/tasks/${task.id}/reliability`,
      ]) {
        expect((await stranger.client.request(path, { headers })).status, path).toBe(404);
      }
      const put = await stranger.client.request(`/api/tasks/${task.id}`, { method: 'PUT', body: taskInput(), headers });
      expect(put.status).toBe(404);
      expect((await stranger.client.request(`/api/tasks/${task.id}`, { method: 'DELETE', headers })).status).toBe(404);
      expect(namesOf((await stranger.client.request('/api/tasks', { headers })).body)).not.toContain('Secret plans');
      const history = await stranger.client.request('/api/runs', { headers });
      expect((history.body as { items: { id: string }[] }).items.map((each) => each.id)).not.toContain(run.id);
      const found = await stranger.client.request('/api/runs?q=Secret', { headers });
      expect((found.body as { total: number }).total).toBe(0);
    }
    // Naming a workspace one is not in answers as a missing one would.
    expect((await stranger.client.request('/api/tasks', { headers: inTeam() })).status).toBe(404);
    expect((await stranger.client.request(`/api/tasks/${task.id}`, { headers: inTeam() })).status).toBe(404);
  });

  it('keep the personal workspace and the team apart, both ways', async () => {
    const teamTask = await createInTeam('Only in the team');
    const personal = await editor.client.request('/api/tasks', { method: 'POST', body: taskInput({ name: 'Only mine' }) });
    expect(personal.status).toBe(201);
    const personalId = (personal.body as { task: { id: string } }).task.id;

    const ownList = namesOf((await editor.client.request('/api/tasks')).body);
    expect(ownList).toContain('Only mine');
    expect(ownList).not.toContain('Only in the team');
    const teamList = namesOf((await editor.client.request('/api/tasks', { headers: inTeam() })).body);
    expect(teamList).toContain('Only in the team');
    expect(teamList).not.toContain('Only mine');
    expect((await editor.client.request(`/api/tasks/${teamTask.id}`)).status).toBe(404);
    expect((await editor.client.request(`/api/tasks/${personalId}`, { headers: inTeam() })).status).toBe(404);
    // The team's admin does not see a member's personal tasks either.
    expect((await admin.client.request(`/api/tasks/${personalId}`, { headers: inTeam() })).status).toBe(404);
  });

  it('are what a key of the team reads, and a key sees nothing of its creator’s personal workspace', async () => {
    const teamTask = await createInTeam('Seen by the key');
    const { task: personalTask } = (await editor.client.ok('/api/tasks', {
      method: 'POST',
      body: taskInput({ name: 'Not for the key' }),
    })) as { task: { id: string } };
    const { key } = await createApiKey({
      db: t.db,
      userId: editor.id,
      workspaceId: team.id,
      input: { name: 'Team agent', scope: 'write', approveAgentTasks: false },
    });
    const asKey = { Authorization: `Bearer ${key}`, Cookie: undefined, Origin: undefined };

    const list = await editor.client.request('/api/tasks', { headers: asKey });
    expect(list.status).toBe(200);
    expect(namesOf(list.body)).toContain('Seen by the key');
    expect(namesOf(list.body)).not.toContain('Not for the key');
    expect((await editor.client.request(`/api/tasks/${teamTask.id}`, { headers: asKey })).status).toBe(200);
    expect((await editor.client.request(`/api/tasks/${personalTask.id}`, { headers: asKey })).status).toBe(404);
    const made = await editor.client.request('/api/tasks', { method: 'POST', body: taskInput({ name: 'By the key' }), headers: asKey });
    expect(made.status).toBe(201);
    const [row] = await t.db
      .select()
      .from(tasks)
      .where(eq(tasks.id, (made.body as { task: { id: string } }).task.id));
    expect(row).toMatchObject({ workspaceId: team.id, userId: editor.id });
  });

  it('say who made and last changed them, and record each change in the workspace’s history', async () => {
    const task = await createInTeam('Audited');
    const changed = await admin.client.request(`/api/tasks/${task.id}`, {
      method: 'PATCH',
      body: { description: 'Edited by the owner' },
      headers: inTeam(),
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((changed.body as { task: Record<string, unknown> }).task).toMatchObject({
      createdBy: { id: editor.id, name: 'Eddie Editor' },
      updatedBy: { id: admin.id, name: 'Olga Owner' },
    });
    expect((await editor.client.request(`/api/tasks/${task.id}/pause`, { method: 'POST', headers: inTeam() })).status).toBe(200);
    expect((await admin.client.request(`/api/tasks/${task.id}/resume`, { method: 'POST', headers: inTeam() })).status).toBe(200);
    const listed = await viewer.client.request(`/api/tasks?search=Audited`, { headers: inTeam() });
    expect((listed.body as { items: Record<string, unknown>[] }).items[0]).toMatchObject({
      createdBy: { id: editor.id, name: 'Eddie Editor' },
      updatedBy: { id: admin.id, name: 'Olga Owner' },
    });
    expect((await admin.client.request(`/api/tasks/${task.id}`, { method: 'DELETE', headers: inTeam() })).status).toBe(204);

    const history = await t.db
      .select({ actor: workspaceAudit.actorId, action: workspaceAudit.action, details: workspaceAudit.details })
      .from(workspaceAudit)
      .where(and(eq(workspaceAudit.workspaceId, team.id), eq(workspaceAudit.targetId, task.id)))
      .orderBy(workspaceAudit.createdAt);
    expect(history).toEqual([
      { actor: editor.id, action: 'task.created', details: { name: 'Audited' } },
      { actor: admin.id, action: 'task.updated', details: { name: 'Audited' } },
      { actor: editor.id, action: 'task.paused', details: { name: 'Audited' } },
      { actor: admin.id, action: 'task.resumed', details: { name: 'Audited' } },
      { actor: admin.id, action: 'task.deleted', details: { name: 'Audited' } },
    ]);
  });

  it('are deleted by an editor only when they made them; an admin deletes any', async () => {
    const adminsTask = await createInTeam('The owner’s', admin);
    const refused = await editor.client.request(`/api/tasks/${adminsTask.id}`, { method: 'DELETE', headers: inTeam() });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      error: { code: 'forbidden', message: 'Only an admin of this workspace can delete a task someone else created.' },
    });
    expect(await t.db.select().from(tasks).where(eq(tasks.id, adminsTask.id))).toHaveLength(1);

    const editorsTask = await createInTeam('The editor’s');
    expect((await editor.client.request(`/api/tasks/${editorsTask.id}`, { method: 'DELETE', headers: inTeam() })).status).toBe(204);
    const othersTask = await createInTeam('Another of the editor’s');
    expect((await admin.client.request(`/api/tasks/${othersTask.id}`, { method: 'DELETE', headers: inTeam() })).status).toBe(204);
    expect((await viewer.client.request(`/api/tasks/${adminsTask.id}`, { method: 'DELETE', headers: inTeam() })).status).toBe(403);
  });

  it('keep the seeded tasks of the personal workspace where they were', async () => {
    const seeded = await seedTask(t.db, viewer.id, { name: 'Seeded before teams' });
    expect(seeded.workspaceId).not.toBe(team.id);
    expect(namesOf((await viewer.client.request('/api/tasks')).body)).toContain('Seeded before teams');
    expect(namesOf((await viewer.client.request('/api/tasks', { headers: inTeam() })).body)).not.toContain('Seeded before teams');
  });
});
