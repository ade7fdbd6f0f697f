import type { Database } from '../../db/client';
import { recordWorkspaceAudit } from '../workspaces/workspace-audit';

/** What a workspace's history records of its tasks (ADR 0133): each change, by whom. */
export type TaskAuditAction = 'task.created' | 'task.updated' | 'task.deleted' | 'task.paused' | 'task.resumed';

/**
 * Records a change of a task in its workspace's history, in the transaction of the change; the name is kept so the
 * entry still reads once the task is gone.
 */
export function recordTaskChange(
  db: Pick<Database, 'insert'>,
  { actorId, action, task }: { actorId: string; action: TaskAuditAction; task: { id: string; name: string; workspaceId: string } },
): Promise<void> {
  return recordWorkspaceAudit(db, { workspaceId: task.workspaceId, actorId, action, targetId: task.id, details: { name: task.name } });
}
