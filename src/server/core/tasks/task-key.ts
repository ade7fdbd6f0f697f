import { taskKeyTakenMessage } from '#shared/tasks/task.schema';
import { DomainError } from '../errors';

/** The unique index on (user_id, key) where key is not null (ADR 0126). */
const taskKeyIndex = 'tasks_workspace_id_key_idx';

/**
 * A `.catch` for a task's insert or update: a key another of the owner's tasks has is 409 `task_key_taken`, naming the
 * key; any other failure goes on as it was. The index decides, so two saves racing for one key cannot both win.
 */
export function refuseTakenKey(key: string | null | undefined) {
  return (error: unknown): never => {
    for (let current = error, depth = 0; current instanceof Error && depth < 6; current = current.cause, depth++) {
      const { code, constraint } = current as Error & { code?: unknown; constraint?: unknown };
      if (code === '23505' && constraint === taskKeyIndex) {
        const message = taskKeyTakenMessage(key ?? '');
        throw new DomainError('task_key_taken', 409, message, { key: message });
      }
    }
    throw error;
  };
}
