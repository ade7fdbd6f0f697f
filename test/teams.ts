import type { WorkspaceRole } from '#shared/workspaces/workspace-roles';
import type { Database } from '../src/server/db/client';
import { workspaceMembers } from '../src/server/db/schema';
import type { SignedInUser } from './app';

/**
 * A team workspace `owner` makes through the API, with `members` in it as an accepted invitation leaves them: the
 * tests of what members may do, not of how they join (workspaces.int.test.ts covers the invitations).
 */
export async function teamOf(db: Database, owner: SignedInUser, members: { user: SignedInUser; role: WorkspaceRole }[] = []) {
  const { workspace } = (await owner.client.ok('/api/workspaces', {
    method: 'POST',
    body: { name: `${owner.name}’s team` },
  })) as { workspace: { id: string } };
  if (members.length) {
    await db.insert(workspaceMembers).values(members.map(({ user, role }) => ({ workspaceId: workspace.id, userId: user.id, role })));
  }
  return workspace;
}
