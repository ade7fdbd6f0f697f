import { sql } from 'drizzle-orm';
import { boolean, check, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The one row that says which Promptcron last migrated this database (issue 38): an older build refuses to start on
 * data a newer one migrated, and its refusal names that newer version.
 */
export const installation = pgTable(
  'installation',
  {
    /** Always true: the table holds at most one row. */
    id: boolean().primaryKey().default(true),
    productVersion: text().notNull(),
    /** The tag of the newest migration applied, as in drizzle/meta/_journal.json. */
    newestMigration: text().notNull(),
    migratedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('installation_single_row', sql`${table.id}`)],
);
