import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { user } from '../../db/schema';
import { NotFoundError } from '../errors';

/** Gives an existing account the admin role (`npm run user -- promote EMAIL`). */
export async function promoteUser({ db, email }: { db: Database; email: string }): Promise<{ email: string; alreadyAdmin: boolean }> {
  const [existing] = await db
    .select({ id: user.id, role: user.role })
    .from(user)
    .where(eq(sql`lower(${user.email})`, email.trim().toLowerCase()));
  if (!existing) throw new NotFoundError(`No account has the e-mail address ${email}.`);
  if (existing.role !== 'admin') await db.update(user).set({ role: 'admin' }).where(eq(user.id, existing.id));
  return { email: email.trim().toLowerCase(), alreadyAdmin: existing.role === 'admin' };
}
