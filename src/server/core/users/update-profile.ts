import { eq } from 'drizzle-orm';
import type { MeUser } from '#shared/auth/me.schema';
import type { ProfileInput } from '#shared/auth/auth.schema';
import type { Database } from '../../db/client';
import { user } from '../../db/schema';
import { NotFoundError } from '../errors';
import { toMeUser } from './to-me-user';

export async function updateProfile({
  db,
  userId,
  input,
  inviteEmailDomain,
}: {
  db: Database;
  userId: string;
  input: ProfileInput;
  inviteEmailDomain?: string;
}): Promise<MeUser> {
  // better-auth's `name` mirrors the full name, so sessions and the admin plugin show the same name.
  const [row] = await db.update(user).set({ fullName: input.fullName, name: input.fullName }).where(eq(user.id, userId)).returning();
  if (!row) throw new NotFoundError('Account not found.');
  return toMeUser(row, inviteEmailDomain);
}
