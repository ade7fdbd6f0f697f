import { createHash } from 'node:crypto';
import { and, eq, lte, sql } from 'drizzle-orm';
import type { ParsedTaskInput, Task } from '#shared/tasks/task.schema';
import type { Database } from '../../db/client';
import { idempotencyKeys, tasks } from '../../db/schema';
import type { Env } from '../../env';
import { DomainError } from '../errors';
import { createTask, type TaskCreator } from './create-task';

/** How long a key's first answer is replayed (issue 22). */
export const idempotencyWindowHours = 24;

/**
 * `POST /api/tasks` with an `Idempotency-Key` (issue 22): the first request with a key creates the task, and a retry
 * with the same key and body gets that answer again instead of a second task; the same key with another body is
 * refused, since the caller has mixed up two requests. Requests with one key wait for each other (an advisory lock
 * for the transaction), so two retries racing each other still make one task. A failed create keeps nothing: the
 * retry tries again.
 */
const reused = () =>
  new DomainError('idempotency_key_reused', 422, 'This Idempotency-Key was used with a different request. Use a new key for a new task.');

export async function createTaskOnce({
  db,
  env,
  workspaceId,
  userId,
  input,
  idempotencyKey,
  origin,
}: {
  db: Database;
  env: Env;
  workspaceId: string;
  userId: string;
  input: ParsedTaskInput;
  idempotencyKey: string;
  origin?: TaskCreator;
}): Promise<Task> {
  const requestHash = createHash('sha256').update(JSON.stringify(input)).digest('hex');
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`idempotency:${userId}:${idempotencyKey}`}, 0))`);
    const expired = sql`now() - make_interval(hours => ${idempotencyWindowHours})`;
    const mine = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, idempotencyKey));
    await tx.delete(idempotencyKeys).where(and(mine, lte(idempotencyKeys.createdAt, expired)));
    const [first] = await tx.select().from(idempotencyKeys).where(mine);
    if (first) {
      if (first.requestHash !== requestHash) {
        throw reused();
      }
      const answered = (JSON.parse(first.response) as { task: Task }).task;
      // Keys are the account's: the same key and body sent in another workspace is another request, not a retry.
      const [made] = await tx.select({ workspaceId: tasks.workspaceId }).from(tasks).where(eq(tasks.id, answered.id));
      if (made && made.workspaceId !== workspaceId) throw reused();
      return answered;
    }
    const task = await createTask({ db: tx, env, workspaceId, userId, input, origin });
    await tx.insert(idempotencyKeys).values({ userId, key: idempotencyKey, requestHash, status: 201, response: JSON.stringify({ task }) });
    // Old keys are dead weight; sweeping now and then keeps the table small without a job.
    if (Math.random() < 0.01) await tx.delete(idempotencyKeys).where(lte(idempotencyKeys.createdAt, expired));
    return task;
  });
}
