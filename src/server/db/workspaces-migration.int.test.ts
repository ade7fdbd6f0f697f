import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useDatabaseBefore } from '#test/database-before-migration';
import { testLogger } from '#test/database';
import { seedUser } from '#test/seed';
import { personalWorkspaceSlug } from '../auth/workspace-slug';
import { migrateDatabase } from '../migrate';

/**
 * Migration 0042 (ADR 0131) on a database as it was before it: every account gets its personal workspace, owned by
 * it alone, with the slug the code gives a new account's.
 */
const database = useDatabaseBefore('0042_workspaces');

describe('migration 0042', () => {
  it('gives every existing account a personal workspace with it as the owner', async () => {
    const connection = database();
    const { db } = connection;
    const ada = await seedUser(db, { name: 'Ada', fullName: 'Ada Lovelace' });
    const twin = await seedUser(db, { name: 'Ada', fullName: 'Ada Lovelace' });
    const unnamed = await seedUser(db, { name: ' ', fullName: null, email: 'Émile+tag@example.com' });

    await migrateDatabase({ pool: connection.pool, logger: testLogger });

    const { rows } = await db.execute<{ user_id: string; name: string; slug: string; personal_user_id: string; role: string }>(sql`
      select m.user_id, w.name, w.slug, w.personal_user_id, m.role
      from workspaces w join workspace_members m on m.workspace_id = w.id order by w.slug`);
    expect(rows).toHaveLength(3);
    for (const account of [ada, twin]) {
      expect(rows).toContainEqual({
        user_id: account.id,
        name: 'Personal',
        slug: personalWorkspaceSlug({ id: account.id, name: 'Ada Lovelace' }),
        personal_user_id: account.id,
        role: 'owner',
      });
    }
    expect(rows).toContainEqual({
      user_id: unnamed.id,
      name: 'Personal',
      slug: personalWorkspaceSlug({ id: unnamed.id, name: 'Émile+tag' }),
      personal_user_id: unnamed.id,
      role: 'owner',
    });
    expect(rows.find((row) => row.user_id === unnamed.id)?.slug).toMatch(/^mile-tag-[0-9a-f]{8}$/);
  });
});
