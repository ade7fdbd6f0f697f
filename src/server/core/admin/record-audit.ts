import type { Database } from '../../db/client';
import { auditLog } from '../../db/schema';

/** A transaction or the database: audit entries are written in the transaction of the action they record. */
export type AuditWriter = Pick<Database, 'insert'>;

export interface AuditEntry {
  /** The administrator's user id. */
  actorId: string;
  /** Dotted verb: `user.suspend`, `user.plan_change`, `task.pause`, `plan.update`, ... */
  action: string;
  targetType: 'user' | 'task' | 'plan';
  targetId: string;
  /** What a reader needs later, even once the target is gone: names, e-mail, old and new values. */
  details?: Record<string, unknown>;
}

/** Records an administrator's action (issue 17); call it inside the action's own transaction. */
export async function recordAudit(db: AuditWriter, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({ ...entry, details: entry.details ?? {} });
}
