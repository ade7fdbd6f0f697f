import { describe, expect, it, vi } from 'vitest';
import { type SignedInUser, useTestApp } from '#test/app';
import { seedRun, seedTask } from '#test/seed';
import { sseReader } from '#test/sse-reader';
import { teamOf } from '#test/teams';

/**
 * The live stream follows the workspace it names (ADR 0131, 0136): every member watching a team workspace hears of
 * its runs, whoever's task made them, and nothing of anyone's personal runs; a stranger is told nothing exists; a
 * member who is removed or leaves loses the stream within 5 s.
 */
const t = useTestApp();

/** `user`'s stream of `workspaceId`, named in the query as an EventSource names it. */
async function watch(user: SignedInUser, workspaceId?: string) {
  const response = await user.client.open(workspaceId ? `/api/events?workspace=${workspaceId}` : '/api/events');
  expect(response.status).toBe(200);
  return sseReader(response);
}

describe('GET /api/events in a workspace', () => {
  it('tells every member watching the team of each other’s runs there, and nothing of anyone’s personal runs', async () => {
    const owner = await t.signIn({ name: 'Stream Owner' });
    const editor = await t.signIn({ name: 'Stream Editor' });
    const viewer = await t.signIn({ name: 'Stream Viewer' });
    const team = await teamOf(t.db, owner, [
      { user: editor, role: 'editor' },
      { user: viewer, role: 'viewer' },
    ]);
    const teamTask = await seedTask(t.db, editor.id, { name: 'Team digest', workspaceId: team.id });
    const ownerPersonalTask = await seedTask(t.db, owner.id, { name: 'Owner’s own' });
    const editorPersonalTask = await seedTask(t.db, editor.id, { name: 'Editor’s own' });

    const viewerStream = await watch(viewer, team.id);
    // The header names the workspace as well as the query does.
    const ownerResponse = await t.app.request('/api/events', { headers: { Cookie: owner.client.cookieHeader, 'X-Workspace-Id': team.id } });
    expect(ownerResponse.status).toBe(200);
    const ownerStream = sseReader(ownerResponse);
    const editorPersonal = await watch(editor);

    // Notifications arrive in commit order: whatever leaked from the personal runs would come before the team's.
    const ownerPersonalRun = await seedRun(t.db, ownerPersonalTask, { status: 'processing', completedAt: null });
    const editorPersonalRun = await seedRun(t.db, editorPersonalTask, { status: 'processing', completedAt: null });
    const teamRun = await seedRun(t.db, teamTask, { status: 'processing', completedAt: null });
    const teamEvent = { runId: teamRun.id, taskId: teamTask.id, status: 'processing' };
    expect(await viewerStream.nextRun()).toEqual(teamEvent);
    expect(await ownerStream.nextRun()).toEqual(teamEvent);
    // The editor's personal stream hears of their personal run only, not of the run their team task made.
    expect((await editorPersonal.nextRun()).runId).toBe(editorPersonalRun.id);
    const afterwards = await seedRun(t.db, editorPersonalTask, { status: 'skipped' });
    expect((await editorPersonal.nextRun()).runId).toBe(afterwards.id);
    expect(ownerPersonalRun.workspaceId).not.toBe(team.id);

    await Promise.all([viewerStream.close(), ownerStream.close(), editorPersonal.close()]);
    await vi.waitFor(() => expect(t.deps.userChanges.subscriberCount).toBe(0));
  });

  it('answers 404 to a stranger naming the team, as for a workspace that does not exist', async () => {
    const owner = await t.signIn({ name: 'Closed Owner' });
    const stranger = await t.signIn({ name: 'Stream Stranger' });
    const team = await teamOf(t.db, owner, []);
    for (const named of [team.id, '00000000-0000-4000-8000-000000000000', 'not-a-workspace']) {
      const response = await stranger.client.open(`/api/events?workspace=${named}`);
      expect({ named, status: response.status, body: await response.json() }).toEqual({
        named,
        status: 404,
        body: { error: { code: 'not_found', message: 'Workspace not found.' } },
      });
    }
    expect(t.deps.userChanges.subscriberCount).toBe(0);
  });

  it('ends a removed member’s stream on the team within 5 s, keeps their personal one, and answers 404 after', async () => {
    const owner = await t.signIn({ name: 'Removing Owner' });
    const member = await t.signIn({ name: 'Removed Member' });
    const team = await teamOf(t.db, owner, [{ user: member, role: 'editor' }]);
    const personalTask = await seedTask(t.db, member.id, { name: 'Still mine' });
    const onTeam = await watch(member, team.id);
    const personal = await watch(member);

    const removed = Date.now();
    expect((await owner.client.request(`/api/workspaces/${team.id}/members/${member.id}`, { method: 'DELETE' })).status).toBe(204);
    expect(await onTeam.next(5_000)).toBe('closed');
    expect(Date.now() - removed).toBeLessThan(5_000);

    const run = await seedRun(t.db, personalTask, { status: 'processing', completedAt: null });
    expect((await personal.nextRun()).runId).toBe(run.id);
    expect((await member.client.open(`/api/events?workspace=${team.id}`)).status).toBe(404);
    await personal.close();
  });

  it('ends the stream of a member who leaves, and only theirs', async () => {
    const owner = await t.signIn({ name: 'Staying Owner' });
    const leaver = await t.signIn({ name: 'Leaving Member' });
    const team = await teamOf(t.db, owner, [{ user: leaver, role: 'viewer' }]);
    const teamTask = await seedTask(t.db, owner.id, { name: 'Team report', workspaceId: team.id });
    const leaverStream = await watch(leaver, team.id);
    const ownerStream = await watch(owner, team.id);

    const left = Date.now();
    expect((await leaver.client.request(`/api/workspaces/${team.id}/leave`, { method: 'POST' })).status).toBe(204);
    expect(await leaverStream.next(5_000)).toBe('closed');
    expect(Date.now() - left).toBeLessThan(5_000);

    const run = await seedRun(t.db, teamTask, { status: 'processing', completedAt: null });
    expect((await ownerStream.nextRun()).runId).toBe(run.id);
    await ownerStream.close();
  });
});
