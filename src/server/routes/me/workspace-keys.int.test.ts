import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiKeyListSchema, createdApiKeySchema } from '#shared/api-keys/api-key.schema';
import { requestWithKey, type SignedInUser, useTestApp } from '#test/app';
import { teamOf } from '#test/teams';
import { apiKeys, workspaces } from '../../db/schema';

/**
 * A key belongs to the workspace it is made in (ADR 0131): it is listed, changed and revoked there only, and it ends
 * with its creator's membership of that workspace.
 */
const t = useTestApp();

async function personalOf(user: SignedInUser) {
  const [row] = await t.db.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.personalUserId, user.id));
  if (!row) throw new Error('no personal workspace');
  return row.id;
}

/** `user`'s new key, made in `workspaceId` (their personal one when none is named). */
async function createKey(user: SignedInUser, workspaceId?: string, name = 'Script') {
  return user.client.expectOk(createdApiKeySchema, '/api/me/api-keys', {
    method: 'POST',
    body: { name, scope: 'write', approveAgentTasks: false },
    headers: workspaceId ? { 'X-Workspace-Id': workspaceId } : {},
    status: 201,
  });
}

async function keysOf(user: SignedInUser, workspaceId?: string) {
  const { items } = await user.client.expectOk(apiKeyListSchema, '/api/me/api-keys', {
    headers: workspaceId ? { 'X-Workspace-Id': workspaceId } : {},
  });
  return items.map((each) => each.name);
}

/** A request the key may make in its own workspace: the list of overdue slots. */
const useKey = (key: string, headers: Record<string, string> = {}) => requestWithKey(t.app, key, '/api/overdue-slots', { headers });

describe('API keys in workspaces', () => {
  it('lists a key made in the team there only, and makes it act in the team', async () => {
    const owner = await t.signIn({ name: 'Key Team Owner' });
    const member = await t.signIn({ name: 'Key Team Member' });
    const team = await teamOf(t.db, owner, [{ user: member, role: 'editor' }]);
    const personal = await personalOf(member);

    const teamKey = await createKey(member, team.id, 'Team deploy');
    const personalKey = await createKey(member, undefined, 'Own script');
    expect(teamKey.apiKey.workspaceId).toBe(team.id);
    expect(personalKey.apiKey.workspaceId).toBe(personal);
    expect(await keysOf(member, team.id)).toEqual(['Team deploy']);
    expect(await keysOf(member)).toEqual(['Own script']);
    expect(await keysOf(member, personal)).toEqual(['Own script']);
    // Another member's keys of the same workspace are theirs, not listed to the owner.
    expect(await keysOf(owner, team.id)).toEqual([]);

    expect((await useKey(teamKey.key)).status).toBe(200);
    expect((await useKey(teamKey.key, { 'X-Workspace-Id': team.id })).status).toBe(200);
    expect((await useKey(teamKey.key, { 'X-Workspace-Id': personal })).status).toBe(404);
  });

  it('answers 404 when a key of another workspace is changed or revoked, and to a stranger naming the team', async () => {
    const owner = await t.signIn({ name: 'Key Scope Owner' });
    const stranger = await t.signIn({ name: 'Key Stranger' });
    const team = await teamOf(t.db, owner, []);
    const { apiKey } = await createKey(owner, team.id, 'Team only');

    const patched = await owner.client.request(`/api/me/api-keys/${apiKey.id}`, { method: 'PATCH', body: { approveAgentTasks: true } });
    expect(patched.status).toBe(404);
    expect((await owner.client.request(`/api/me/api-keys/${apiKey.id}`, { method: 'DELETE' })).status).toBe(404);
    expect(await t.db.select().from(apiKeys).where(eq(apiKeys.id, apiKey.id))).toHaveLength(1);

    const inTeam = { 'X-Workspace-Id': team.id };
    expect(
      (await owner.client.request(`/api/me/api-keys/${apiKey.id}`, { method: 'PATCH', body: { approveAgentTasks: true }, headers: inTeam }))
        .status,
    ).toBe(200);
    expect((await owner.client.request(`/api/me/api-keys/${apiKey.id}`, { method: 'DELETE', headers: inTeam })).status).toBe(204);

    for (const request of [
      stranger.client.request('/api/me/api-keys', { headers: inTeam }),
      stranger.client.request(`/api/me/api-keys?workspace=${team.id}`),
      stranger.client.request('/api/me/api-keys', { method: 'POST', body: { name: 'Sneaky', scope: 'read' }, headers: inTeam }),
    ]) {
      expect((await request).status).toBe(404);
    }
  });

  it('ends a removed member’s keys of the team at once, and keeps their keys elsewhere', async () => {
    const owner = await t.signIn({ name: 'Key Remover' });
    const member = await t.signIn({ name: 'Key Removed' });
    const leaver = await t.signIn({ name: 'Key Leaver' });
    const team = await teamOf(t.db, owner, [
      { user: member, role: 'editor' },
      { user: leaver, role: 'viewer' },
    ]);
    const teamKey = await createKey(member, team.id);
    const personalKey = await createKey(member);
    const leaverKey = await createKey(leaver, team.id);
    expect((await useKey(teamKey.key)).status).toBe(200);

    expect((await owner.client.request(`/api/workspaces/${team.id}/members/${member.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await useKey(teamKey.key)).status).toBe(401);
    expect((await useKey(personalKey.key)).status).toBe(200);
    const left = await t.db
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, member.id), eq(apiKeys.workspaceId, team.id)));
    expect(left).toEqual([]);

    expect((await leaver.client.request(`/api/workspaces/${team.id}/leave`, { method: 'POST' })).status).toBe(204);
    expect((await useKey(leaverKey.key)).status).toBe(401);
    expect(await t.db.select().from(apiKeys).where(eq(apiKeys.id, leaverKey.apiKey.id))).toEqual([]);
  });

  it('keeps a member’s key through a change of role, acting with the new role', async () => {
    const owner = await t.signIn({ name: 'Key Promoter' });
    const member = await t.signIn({ name: 'Key Promoted' });
    const team = await teamOf(t.db, owner, [{ user: member, role: 'viewer' }]);
    const { key } = await createKey(member, team.id);
    expect((await useKey(key)).status).toBe(200);
    const changed = await owner.client.request(`/api/workspaces/${team.id}/members/${member.id}`, {
      method: 'PATCH',
      body: { role: 'editor' },
    });
    expect(changed.status).toBe(200);
    expect((await useKey(key)).status).toBe(200);
  });
});
