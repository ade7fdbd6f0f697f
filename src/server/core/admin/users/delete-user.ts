import type { Database } from '#server/db/client';
import type { Env } from '#server/env';
import type { Logger } from '#server/logger';
import { deleteAccount } from '../../users/delete-account';
import { assertNotSelf, lockTargetUser } from './target-user';

/**
 * An administrator deletes an account: the same path as a user deleting their own (core/users/delete-account.ts),
 * audited. Their own account they delete from Settings, with their password, like anyone.
 */
export async function deleteUser({
  db,
  env,
  log,
  actorId,
  userId,
}: {
  db: Database;
  env: Env;
  log: Logger;
  actorId: string;
  userId: string;
}): Promise<void> {
  await db.transaction(async (tx) => assertNotSelf(actorId, await lockTargetUser(tx, userId), 'You cannot delete your own account.'));
  await deleteAccount({ db, env, log, userId, actorId });
}
