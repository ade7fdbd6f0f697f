import { sql } from 'drizzle-orm';
import { index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tasks, type TaskDeliveryConfig, type TaskPrompt } from './tasks';
import { user } from './users';

/** What a run needs of its task, as it was when the run started (issue 18): kept only when the task is edited meanwhile. */
export interface RunTaskSnapshot {
  name: string;
  prompt: TaskPrompt;
  deliveryMethod: 'email' | 'webhook' | 'slack' | 'discord';
  deliveryConfig: TaskDeliveryConfig;
  /** Absent in snapshots taken before the rule existed: "always". */
  deliverWhen?: 'always' | 'changed' | 'condition';
  deliveryCondition?: string | null;
}

/** One execution of a task: scheduled for a slot, or started by hand (Run Now). */
export const taskRuns = pgTable(
  'task_runs',
  {
    id: uuid().primaryKey().defaultRandom(),
    taskId: uuid()
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    /** The owner, kept on the run so history queries are scoped without a join. */
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    status: text({ enum: ['processing', 'completed', 'error', 'skipped'] }).notNull(),
    trigger: text({ enum: ['schedule', 'manual'] }).notNull(),
    /** The slot a scheduled run belongs to; null for Run Now. */
    scheduledFor: timestamp({ withTimezone: true }),
    startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp({ withTimezone: true }),
    provider: text().notNull(),
    model: text().notNull(),
    result: text(),
    error: text(),
    /** The prompt exactly as sent, its variables filled in (issue 23); null for runs that sent none. */
    prompt: text(),
    /** Tokens the provider reported, the delivery condition's check included. */
    inputTokens: integer(),
    outputTokens: integer(),
    /** Estimated from the catalogue's prices when the run finished; null for a model without a price. */
    costUsd: numeric({ precision: 14, scale: 8, mode: 'number' }),
    deliveryStatus: text({ enum: ['pending', 'delivered', 'failed', 'skipped'] }).notNull().default('pending'),
    deliveryError: text(),
    /** Provider calls made for this run, retries included. */
    attempts: integer().notNull().default(0),
    /**
     * Null while the task is unchanged since the run started (nearly always: the scheduler writes none). An edit saves
     * the task as it was here first, for every run not yet finished or delivered, so the run asks the old prompt and
     * delivers to the old target under the old name.
     */
    taskSnapshot: jsonb().$type<RunTaskSnapshot>(),
  },
  (table) => [
    // One run per slot, ever: a second scheduler claiming the same slot inserts nothing.
    uniqueIndex('task_runs_task_slot_unique').on(table.taskId, table.scheduledFor).where(sql`${table.trigger} = 'schedule'`),
    // At most one run of a task in flight.
    uniqueIndex('task_runs_one_processing_per_task').on(table.taskId).where(sql`${table.status} = 'processing'`),
    // A task's runs and a user's history, newest first; id breaks ties so keyset pages are exact (core/history/history-cursor.ts).
    // NULLS FIRST is what a plain `order by … desc` means: with drizzle's default (NULLS LAST) PostgreSQL cannot read
    // the index in that order and sorts every run of the user instead.
    index().on(table.taskId, table.startedAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index().on(table.userId, table.startedAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    // History search inside results and errors (`ilike '%word%'`): trigrams, from the pg_trgm extension (migration 0004).
    // Partial: the scheduler inserts runs by the thousand with neither yet, and they then cost the index nothing.
    index('task_runs_text_trgm')
      .using('gin', sql`(coalesce(${table.result}, '') || ' ' || coalesce(${table.error}, '')) gin_trgm_ops`)
      .where(sql`${table.result} is not null or ${table.error} is not null`),
    // The admin overview's windows over every user's runs (last hour, 24 h, 30 days; docs/decisions/0030).
    index('task_runs_started_at_idx').on(table.startedAt),
    // Runs whose delivery is still open: few at any time, read by the overview's failing webhook deliveries.
    index('task_runs_delivery_pending_idx').on(table.id).where(sql`${table.deliveryStatus} = 'pending'`),
  ],
);

/** Every attempt to deliver a run to its webhook, successful or not. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid().primaryKey().defaultRandom(),
    runId: uuid()
      .notNull()
      .references(() => taskRuns.id, { onDelete: 'cascade' }),
    attempt: integer().notNull(),
    url: text().notNull(),
    statusCode: integer(),
    durationMs: integer().notNull(),
    error: text(),
    /** When the next attempt is due; null after the last one. */
    nextAttemptAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index().on(table.runId, table.attempt)],
);
