import type { Database } from '../../db/client';
import { workspaceAudit } from '../../db/schema';

/** What a workspace's history records (ADR 0133), written in the transaction of the action. */
export interface WorkspaceAuditEntry {
  workspaceId: string;
  /** The member who acted. */
  actorId: string;
  /** `invitation.create`, `invitation.revoke`, `invitation.accept`, `member.role_change`, `member.remove`, `member.leave`,
   * `member.join_sso`, `sso.configured`, `sso.domain_verified`, `sso.removed` (ADR 0137).
   */
  action: string;
  /** The member or invitation acted on. */
  targetId?: string;
  /** What a reader needs once the accounts are gone: e-mail addresses, old and new roles. */
  details?: Record<string, unknown>;
}

export async function recordWorkspaceAudit(db: Pick<Database, 'insert'>, entry: WorkspaceAuditEntry): Promise<void> {
  await db.insert(workspaceAudit).values({ ...entry, targetId: entry.targetId ?? null, details: entry.details ?? {} });
}
