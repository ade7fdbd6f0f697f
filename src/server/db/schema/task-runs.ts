import { sql } from 'drizzle-orm';
import { customType, index, integer, json, jsonb, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { deliveryStatuses, runStatuses, runTriggers, type DeliveryReceipt, type DeliveryStatus } from '#shared/runs/run.schema';
import type { DeliveryRules } from '#shared/tasks/delivery-rules';
import type { DeliverWhen, DeliveryMethod, FallbackModel } from '#shared/tasks/task.schema';
import { tasks, type TaskDeliveryConfig, type TaskDestination, type TaskPrompt } from './tasks';
import { ownedByUser } from './users';
import { inWorkspace } from './workspaces';

/** What a run needs of its task, as it was when the run started (issue 18): kept only when the task is edited meanwhile. */
export interface RunTaskSnapshot {
  name: string;
  prompt: TaskPrompt;
  deliveryMethod: DeliveryMethod;
  deliveryConfig: TaskDeliveryConfig;
  /** Absent in snapshots taken before destinations existed: the one `deliveryMethod` + `deliveryConfig` (ADR 0127). */
  destinations?: TaskDestination[];
  /** Absent in snapshots taken before the rule existed: "always". */
  deliverWhen?: DeliverWhen;
  deliveryCondition?: string | null;
  /** Absent in snapshots taken before rules existed: the task's, as it is now (ADR 0123). */
  deliveryRules?: DeliveryRules | null;
  /** Absent in snapshots taken before fallbacks existed: the task's, as it is now (ADR 0121). */
  fallback?: FallbackModel | null;
  /** Absent in snapshots taken before output schemas existed: the task's, as it is now (ADR 0119). */
  outputSchema?: Record<string, unknown> | null;
  /** Absent in snapshots taken before item rules existed: the task's, as it is now (ADR 0122). */
  itemKey?: string | null;
  watchedFields?: string[];
}

/** One destination's delivery of a run (ADR 0127). */
export interface RunDestinationState {
  id: string;
  method: DeliveryMethod;
  config: TaskDeliveryConfig;
  status: DeliveryStatus;
  error: string | null;
  attempts: number;
  receipt: DeliveryReceipt | null;
  /** While it waits to be tried again, when (ISO); absent or null otherwise. */
  nextAttemptAt?: string | null;
}

/** A delivery of a run sent again on request (ADR 0129), to one destination, with its own outcome. */
export interface DeliveryReplay {
  id: string;
  destinationId: string;
  method: DeliveryMethod;
  requestedAt: string;
  status: DeliveryStatus;
  error: string | null;
  /** A signed webhook's new `webhook-id` and the original's, sent as `webhook-replay-of`; null for the others. */
  webhookId: string | null;
  replayOf: string | null;
  receipt: DeliveryReceipt | null;
}

/** An item a run delivers under an item rule: its key as text, its key's hash, its watched fields' values. */
export interface NewItem {
  key: string;
  hash: string;
  watched: Record<string, unknown>;
}

/** PostgreSQL's `tsvector`: drizzle has no column type for it; only the database reads and writes it. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The words of a run's result and error as the history's word search matches them (docs/decisions/0048): lower-cased
 * with ICU's Unicode rules (the database's C locale lower-cases only ASCII) and cut at every character that is not a
 * letter or a digit (the default text search parser keeps "“markets”—and" as one word in a C locale). The query side
 * (`core/history/word-search.ts`) cuts a search the same way. Null while a run has neither, as the scheduler inserts it.
 */
export const runSearchWords = sql`case when result is null and error is null then null else to_tsvector('simple'::regconfig, regexp_replace(lower((coalesce(result, '') || ' ' || coalesce(error, '')) collate "und-x-icu"), '[^[:alnum:]]+', ' ', 'g')) end`;

/** One execution of a task: scheduled for a slot, or started by hand (Run Now). */
export const taskRuns = pgTable(
  'task_runs',
  {
    id: uuid().primaryKey().defaultRandom(),
    taskId: uuid()
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    /** The task's creator, as the task keeps it. */
    userId: ownedByUser(),
    /** The task's workspace, kept on the run so history queries are scoped without a join (ADR 0136). */
    workspaceId: inWorkspace(),
    status: text({ enum: runStatuses }).notNull(),
    trigger: text({ enum: runTriggers }).notNull(),
    /** The slot a scheduled or backfilled run belongs to; null for Run Now. */
    scheduledFor: timestamp({ withTimezone: true }),
    startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp({ withTimezone: true }),
    provider: text().notNull(),
    model: text().notNull(),
    result: text(),
    /** A structured task's answer as data (ADR 0119); `result` keeps its readable rendering. `json`: fields in order. */
    output: json(),
    /**
     * The items this run delivers under `new_items`/`changed_items` (ADR 0122): their keys and watched values, written
     * to `delivered_items` when the delivery is confirmed. Null under the other rules.
     */
    newItems: jsonb().$type<NewItem[]>(),
    error: text(),
    /** The prompt exactly as sent, its variables filled in (issue 23); null for runs that sent none. */
    prompt: text(),
    /**
     * The task's fallback model when it answered instead of `provider`/`model` (ADR 0121), whose tokens and cost the
     * run then counts; null when the run's own model answered, or nothing did.
     */
    answeredBy: jsonb().$type<FallbackModel>(),
    /** Tokens the provider reported, the delivery condition's check included. */
    inputTokens: integer(),
    outputTokens: integer(),
    /** Estimated from the catalogue's prices when the run finished; null for a model without a price. */
    costUsd: numeric({ precision: 14, scale: 8, mode: 'number' }),
    deliveryStatus: text({ enum: deliveryStatuses }).notNull().default('pending'),
    deliveryError: text(),
    /** Provider calls made for this run, retries included. */
    attempts: integer().notNull().default(0),
    /**
     * How late a worker began a scheduled run: its start minus its slot, in ms (issue 40, the status page's lateness).
     * Null for Run Now and for runs recorded before the column existed.
     */
    latenessMs: integer(),
    /**
     * What the receiver answered when it accepted the delivery (issue 40): the SMTP reply and queue id, or the HTTP
     * status, response time and webhook-id. Written with `delivered`, so a delivered run carries its proof; null before.
     */
    deliveryReceipt: jsonb().$type<DeliveryReceipt>(),
    /**
     * Each destination's delivery of a run whose task has several (ADR 0127), in the task's order: attempted and
     * retried on its own, summed up in `deliveryStatus`. Null for a run with one: the columns above are its state.
     */
    destinations: jsonb().$type<RunDestinationState[]>(),
    /** The deliveries sent again on request (ADR 0129), oldest first; null: none. */
    replays: jsonb().$type<DeliveryReplay[]>(),
    /**
     * Null while the task is unchanged since the run started (nearly always: the scheduler writes none). An edit saves
     * the task as it was here first, for every run not yet finished or delivered, so the run asks the old prompt and
     * delivers to the old target under the old name.
     */
    taskSnapshot: jsonb().$type<RunTaskSnapshot>(),
    /** Generated from result and error for the history's word search; never written. */
    searchWords: tsvector().generatedAlwaysAs(runSearchWords),
  },
  (table) => [
    // One run per slot, ever: a second scheduler claiming the same slot inserts nothing, and a backfill leaves a slot
    // that has a run alone (ADR 0117).
    uniqueIndex('task_runs_task_slot_unique')
      .on(table.taskId, table.scheduledFor)
      .where(sql`${table.trigger} in ('schedule', 'backfill')`),
    // At most one run of a task in flight.
    uniqueIndex('task_runs_one_processing_per_task')
      .on(table.taskId)
      .where(sql`${table.status} = 'processing'`),
    // A task's runs and a user's history, newest first; id breaks ties so keyset pages are exact (core/history/history-cursor.ts).
    // NULLS FIRST is what a plain `order by … desc` means: with drizzle's default (NULLS LAST) PostgreSQL cannot read
    // the index in that order and sorts every run of the user instead.
    index().on(table.taskId, table.startedAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index().on(table.workspaceId, table.startedAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    // An account's runs: its data export, and the cascade when it is deleted.
    index('task_runs_user_id_idx').on(table.userId),
    // History word search in results and errors (docs/decisions/0048). Partial: the scheduler inserts runs by the
    // thousand with neither yet, and they then cost the index nothing; `search_words @@ …` implies the predicate.
    index('task_runs_search_words')
      .using('gin', table.searchWords)
      .where(sql`${table.searchWords} is not null`),
    // The admin overview's windows over every user's runs (last hour, 24 h, 30 days; docs/decisions/0030).
    index('task_runs_started_at_idx').on(table.startedAt),
    // Runs whose delivery is still open: few at any time, read by the overview's failing webhook deliveries.
    index('task_runs_delivery_pending_idx')
      .on(table.id)
      .where(sql`${table.deliveryStatus} = 'pending'`),
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
    /** The destination attempted, for a run of a task with several (ADR 0127); null for a run with one. */
    destinationId: text(),
    /** When the next attempt is due; null after the last one. */
    nextAttemptAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index().on(table.runId, table.attempt)],
);
