import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tasks } from './tasks';

/**
 * The items of a list a task has delivered under `new_items`/`changed_items` (ADR 0122), one row per task and item
 * key, written only when a delivery is confirmed. Kept 365 days and at most 10,000 per task, the oldest dropped.
 */
export const deliveredItems = pgTable(
  'delivered_items',
  {
    taskId: uuid()
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    /** SHA-256 of the key's canonical JSON: a whole item may be long, the key stays small and indexable. */
    keyHash: text().notNull(),
    /** The key as text (a field's value, or the whole item as JSON), cut short: what `{{last_items}}` lists. */
    key: text().notNull(),
    /** The watched fields' values as last delivered (`changed_items`); `{}` under `new_items`. */
    watched: jsonb().$type<Record<string, unknown>>().notNull(),
    deliveredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // The pruning and `{{last_items}}` read a task's items newest first.
  (table) => [primaryKey({ columns: [table.taskId, table.keyHash] }), index().on(table.taskId, table.deliveredAt.desc())],
);
