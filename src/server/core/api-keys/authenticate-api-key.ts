import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { ApiKeyScope } from '#shared/api-keys/api-key.schema';
import { apiKeyPattern } from '#shared/api-keys/api-key.schema';
import { leastRole } from '#shared/workspaces/workspace-roles';
import type { Workspace } from '#shared/workspaces/workspace.schema';
import type { Database } from '../../db/client';
import { apiKeys, user, workspaceMembers, workspaces } from '../../db/schema';
import { toWorkspace } from '../workspaces/workspace-membership';
import { hashApiKey } from './api-key-secret';

export type KeyVerdict =
  | {
      ok: true;
      keyId: string;
      keyName: string;
      approveAgentTasks: boolean;
      scope: ApiKeyScope;
      user: { id: string; email: string; role: 'admin' | 'user' };
      /** The key's workspace, with the role the key acts with: the lesser of its scope's and its creator's (ADR 0131). */
      workspace: Workspace;
    }
  | { ok: false; message: string };

const invalidKey = 'Invalid API key.';

/** Recording every use would write on every request; once a minute is what the list's "Last used" needs. */
const lastUsedResolution = sql`now() - interval '1 minute'`;

/**
 * The owner a bearer key stands for, or why it stands for no one: unknown (never issued, or revoked), expired, or its
 * owner suspended. One index probe on the key's hash.
 */
export async function authenticateApiKey({ db, key }: { db: Database; key: string }): Promise<KeyVerdict> {
  if (!apiKeyPattern.test(key)) return { ok: false, message: invalidKey };
  const [row] = await db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      approveAgentTasks: apiKeys.approveAgentTasks,
      scope: apiKeys.scope,
      expiresAt: apiKeys.expiresAt,
      userId: user.id,
      email: user.email,
      role: user.role,
      banned: user.banned,
      workspace: workspaces,
      memberRole: workspaceMembers.role,
    })
    .from(apiKeys)
    .innerJoin(user, eq(user.id, apiKeys.userId))
    .innerJoin(workspaces, eq(workspaces.id, apiKeys.workspaceId))
    .leftJoin(workspaceMembers, and(eq(workspaceMembers.workspaceId, apiKeys.workspaceId), eq(workspaceMembers.userId, apiKeys.userId)))
    .where(eq(apiKeys.keyHash, hashApiKey(key)));
  if (!row) return { ok: false, message: invalidKey };
  // Its creator left the workspace or was removed from it: the key ends with their membership.
  if (!row.memberRole) return { ok: false, message: 'This API key’s creator is no longer a member of its workspace.' };
  if (row.expiresAt && row.expiresAt.getTime() <= Date.now()) return { ok: false, message: 'This API key has expired.' };
  if (row.banned) return { ok: false, message: 'The account of this API key is suspended.' };
  await db
    .update(apiKeys)
    .set({ lastUsedAt: sql`now()` })
    .where(and(eq(apiKeys.id, row.id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, lastUsedResolution))));
  return {
    ok: true,
    keyId: row.id,
    keyName: row.name,
    approveAgentTasks: row.approveAgentTasks,
    scope: row.scope,
    user: { id: row.userId, email: row.email, role: row.role === 'admin' ? 'admin' : 'user' },
    workspace: toWorkspace(row.workspace, leastRole(row.memberRole, row.scope === 'read' ? 'viewer' : 'owner')),
  };
}
