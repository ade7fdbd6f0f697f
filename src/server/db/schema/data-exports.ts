import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { ownedByUser } from './users';

/**
 * Settings → Profile → Download my data (issue 24, ADR 0052): a JSON copy of the account, built by a background job
 * and offered by a link that works for 24 hours from when it is ready. Only the SHA-256 of the link's token is kept.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: ownedByUser(),
    status: text({ enum: ['pending', 'ready', 'failed'] })
      .notNull()
      .default('pending'),
    /** Hex SHA-256 of the download link's token. */
    tokenHash: text().notNull().unique(),
    /** The JSON document, once built; removed with the row when it expires. */
    content: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp({ withTimezone: true }),
    /** Null until ready; the link answers 410 from then on. */
    expiresAt: timestamp({ withTimezone: true }),
  },
  (table) => [index('data_exports_user_idx').on(table.userId, table.createdAt)],
);
