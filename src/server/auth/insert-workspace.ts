import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client';
import { workspaces } from '../db/schema';
import { slugCandidates } from './workspace-slug';

/** Past this many taken `base-N` slugs, a random suffix: a bound on the tries, never met by real names. */
const maxNumberedTries = 50;

/**
 * Inserts a workspace under the first free slug made from `slugBase`. Undefined when the account already has its
 * personal workspace (the one other uniqueness a workspace has).
 */
export async function insertWorkspace(
  db: Database | Transaction,
  values: { name: string; slugBase: string; personalUserId?: string },
): Promise<typeof workspaces.$inferSelect | undefined> {
  let tries = 0;
  for (const candidate of slugCandidates(values.slugBase)) {
    tries += 1;
    const slug = tries > maxNumberedTries ? `${values.slugBase}-${randomBytes(4).toString('hex')}` : candidate;
    // ON CONFLICT DO NOTHING on any unique column: a taken slug is tried again, a second personal workspace is none.
    const [row] = await db
      .insert(workspaces)
      .values({ name: values.name, slug, personalUserId: values.personalUserId ?? null })
      .onConflictDoNothing()
      .returning();
    if (row) return row;
    if (values.personalUserId && (await db.$count(workspaces, eq(workspaces.personalUserId, values.personalUserId))) > 0) return undefined;
  }
  return undefined;
}
