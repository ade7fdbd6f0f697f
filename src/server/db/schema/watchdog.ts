import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tasks } from './tasks';
import { ownedByUser } from './users';

export const incidentKinds = ['watchdog', 'database', 'workers'] as const;

/**
 * A slot the watchdog found overdue (issue 40, docs/decisions/0075): an active task's fire time passed by more than a
 * minute with no worker claiming it. Not a run, so the unique (task, slot) of `task_runs` stays the scheduler's; unique
 * here so that every API process can record the same slot without a second row.
 */
export const overdueSlots = pgTable(
  'overdue_slots',
  {
    id: uuid().primaryKey().defaultRandom(),
    taskId: uuid()
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    userId: ownedByUser(),
    /** The task's `next_fire_at` when the watchdog found it overdue. */
    slot: timestamp({ withTimezone: true }).notNull(),
    detectedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp({ withTimezone: true }),
    /** What became of the slot, e.g. "Ran 95 s late (catch-up)." or the skipped run's reason. */
    resolution: text(),
  },
  (table) => [
    uniqueIndex('overdue_slots_task_slot_idx').on(table.taskId, table.slot),
    index('overdue_slots_open_idx')
      .on(table.taskId)
      .where(sql`${table.resolvedAt} is null`),
  ],
);

/**
 * An outage an operator should know of: the watchdog's for now; the status page adds the database's and the workers'.
 * At most one open incident of a kind, so API processes racing to open one end up with the same row.
 */
export const incidents = pgTable(
  'incidents',
  {
    id: uuid().primaryKey().defaultRandom(),
    kind: text({ enum: incidentKinds }).notNull(),
    startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp({ withTimezone: true }),
    summary: text(),
    /** When the admins were e-mailed; set by the one process that sends it. */
    alertedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    uniqueIndex('incidents_one_open_idx')
      .on(table.kind)
      .where(sql`${table.endedAt} is null`),
    index('incidents_started_at_idx').on(table.startedAt.desc()),
  ],
);
