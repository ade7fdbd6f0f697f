import { eq } from 'drizzle-orm';
import type { MeUser } from '#shared/auth/me.schema';
import type { Database } from '../../db/client';
import { user } from '../../db/schema';
import { NotFoundError } from '../errors';
import { toMeUser } from './to-me-user';

export async function getMe({
  db,
  userId,
  inviteEmailDomain,
}: {
  db: Database;
  userId: string;
  inviteEmailDomain?: string;
}): Promise<MeUser> {
  const [row] = await db.select().from(user).where(eq(user.id, userId));
  if (!row) throw new NotFoundError('Account not found.');
  return toMeUser(row, inviteEmailDomain);
}
