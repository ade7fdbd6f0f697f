import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The outcome of each nightly backup (issue 38, ADR 0069), written by the worker that took it so that the admin
 * overview of any API process can show the last one: its file and size, or why it failed.
 */
export const backups = pgTable(
  'backups',
  {
    id: uuid().primaryKey().defaultRandom(),
    finishedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The file's name inside DATA_DIR/backups; null when the backup failed. */
    fileName: text(),
    sizeBytes: bigint({ mode: 'number' }),
    /** Why it failed; null when it succeeded. */
    error: text(),
  },
  (table) => [index('backups_finished_at_idx').on(table.finishedAt)],
);
