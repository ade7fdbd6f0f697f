import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { user } from '../../db/schema';
import type { UnsubscribeLinks } from '../../mail/unsubscribe-links';
import { DomainError } from '../errors';

export const invalidOwnAddressLinkMessage = 'This link is not valid any more.';

/**
 * The owner pressed "Confirm my e-mail address" on the page the sign-up mail's link opens (ADR 0109): the address
 * reached its inbox, so the account has proven it and its tasks' results go there from now on. The link names the
 * address it was sent to; an account whose address is another now, or gone, is not touched. Idempotent.
 */
export async function confirmOwnAddress({
  db,
  links,
  token,
}: {
  db: Database;
  links: Pick<UnsubscribeLinks, 'verifyOwnAddress'>;
  token: string;
}): Promise<{ email: string }> {
  const link = links.verifyOwnAddress(token);
  if (!link) throw new DomainError('invalid_token', 400, invalidOwnAddressLinkMessage);
  const [proven] = await db
    .update(user)
    .set({ emailVerified: true })
    .where(and(eq(user.id, link.userId), eq(sql`lower(${user.email})`, link.email)))
    .returning({ email: user.email });
  if (!proven) throw new DomainError('invalid_token', 400, invalidOwnAddressLinkMessage);
  return { email: proven.email };
}
