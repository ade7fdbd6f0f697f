import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { user } from '../../db/schema';

export type MailRecipient = { email: string; name: string };

/**
 * Whom a queued e-mail goes to, read when the job runs: undefined once the account is gone, so it gets nothing. The
 * greeting uses the full name, else the sign-up name, else the address.
 */
export async function findMailRecipient(db: Database, userId: string): Promise<MailRecipient | undefined> {
  const [recipient] = await db
    .select({ email: user.email, name: user.name, fullName: user.fullName })
    .from(user)
    .where(eq(user.id, userId));
  if (!recipient) return undefined;
  return { email: recipient.email, name: recipient.fullName || recipient.name || recipient.email };
}
