import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  uniqueIndex,
  integer,
  json,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { budgetUnits } from '#shared/budgets/monthly-budget.schema';
import { dstGapPolicies, dstRepeatPolicies } from '#shared/tasks/schedule';
import type { DeliveryRules } from '#shared/tasks/delivery-rules';
import {
  catchUpWindowSeconds,
  deliverWhenOptions,
  deliveryMethods,
  finishedReasons,
  overlapPolicies,
  scheduleTypes,
  taskOrigins,
  taskStatuses,
  type DeliveryMethod,
  type FallbackModel,
} from '#shared/tasks/task.schema';
import { ownedByUser, user } from './users';
import { inWorkspace } from './workspaces';

export interface TaskPrompt {
  input: string;
  temperature: number;
  searchEnabled: boolean;
}

export interface TaskDeliveryConfig {
  email?: string;
  webhookUrl?: string;
}

/**
 * One place a task's runs go (ADR 0127): its own id (kept across edits, named by a run's state and a replay), method
 * and settings. The first is also the task's `deliveryMethod` + `deliveryConfig`, the one-destination shorthand.
 */
export interface TaskDestination {
  id: string;
  method: DeliveryMethod;
  config: TaskDeliveryConfig;
  /** Its own rules on the result's fields, besides the task's; absent or null: none. */
  onlyWhen?: DeliveryRules | null;
}

/**
 * A recurring prompt: what to ask, which model, when (ARCHITECTURE section 5) and where the answer goes. The value
 * lists of its text columns are the shared schemas' (`taskStatuses`, `scheduleTypes`...), so the API and the column
 * cannot disagree; drizzle checks them in TypeScript only, the SQL column is plain text.
 */
export const tasks = pgTable(
  'tasks',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Who created it (ADR 0136); the workspace, not this, says who may see and change it. */
    userId: ownedByUser(),
    workspaceId: inWorkspace(),
    /** Who last changed it; null until someone does, or once their account is gone. */
    updatedBy: text().references(() => user.id, { onDelete: 'set null' }),
    name: text().notNull(),
    description: text(),
    /** Unique among the owner's tasks when set: what a tasks file (`promptcron apply`) matches by (ADR 0126). */
    key: text(),
    status: text({ enum: taskStatuses }).notNull().default('active'),
    provider: text().notNull(),
    model: text().notNull(),
    scheduleType: text({ enum: scheduleTypes }).notNull(),
    /** HH:MM on the wall clock of `timezone` (ADR 0116): a simple schedule's time, stored as the user means it. */
    localTime: text(),
    startDate: date({ mode: 'string' }),
    timezone: text().notNull(),
    customCron: text(),
    /** The zone a custom cron is read in; null for a simple schedule. */
    cronTimezone: text(),
    dstGap: text({ enum: dstGapPolicies }).notNull().default('shift'),
    dstRepeat: text({ enum: dstRepeatPolicies }).notNull().default('first'),
    /** The schedule's bounds (ADR 0118): no slot after the end date (in the schedule's zone), none before the pause ends. */
    endDate: date({ mode: 'string' }),
    maxRuns: integer(),
    pausedUntil: timestamp({ withTimezone: true }),
    skipDates: date({ mode: 'string' })
      .array()
      .notNull()
      .default(sql`'{}'::date[]`),
    /** Why the task is `finished`; null otherwise. */
    finishedReason: text({ enum: finishedReasons }),
    prompt: jsonb().$type<TaskPrompt>().notNull(),
    deliveryMethod: text({ enum: deliveryMethods }).notNull(),
    deliveryConfig: jsonb().$type<TaskDeliveryConfig>().notNull(),
    /** Where runs go, 1–5 (ADR 0127); the first is `deliveryMethod` + `deliveryConfig` as well. */
    destinations: jsonb().$type<TaskDestination[]>().notNull().default([]),
    /** Deliver every completed run, only a changed result, or only when `deliveryCondition` is answered yes. */
    deliverWhen: text({ enum: deliverWhenOptions }).notNull().default('always'),
    deliveryCondition: text(),
    /** The rules of deliverWhen "rules" on a structured result's fields (ADR 0123); null for any other. */
    deliveryRules: json().$type<DeliveryRules>(),
    /**
     * The fields a structured result has, in the strict form the providers take (ADR 0119); null: free text. `json`,
     * not `jsonb`: jsonb sorts an object's keys, and the order of the fields is the user's.
     */
    outputSchema: json().$type<Record<string, unknown>>(),
    /** The item field that tells a list's items apart for `new_items`/`changed_items`, `*` the whole item (ADR 0122). */
    itemKey: text(),
    /** The item fields `changed_items` compares with what was last delivered (ADR 0122); empty otherwise. */
    watchedFields: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Signs this task's webhook deliveries (Standard Webhooks, `whsec_…`). */
    webhookSecret: text().notNull(),
    /** Null while paused or in error: the scheduler only claims tasks with a next fire time. */
    nextFireAt: timestamp({ withTimezone: true }),
    lastRunAt: timestamp({ withTimezone: true }),
    consecutiveFailures: integer().notNull().default(0),
    /**
     * The owner's full and account names, one per line, for the administrator's search (issue 17): kept by triggers
     * on `tasks` and `user` (migration 0021), so a search by owner is one indexed condition on this table.
     */
    ownerNames: text().notNull().default(''),
    /** An optional monthly budget of this task's runs (issue 23): both set, or both null. */
    budgetUnit: text({ enum: budgetUnits }),
    budgetAmount: numeric({ precision: 14, scale: 4, mode: 'number' }),
    /** After an outage, the latest missed slot runs if it is at most this many seconds old (ADR 0117). */
    catchUpWindow: integer().notNull().default(catchUpWindowSeconds.default),
    /** What a slot does while the previous on-time run is still processing: skipped, or kept waiting (ADR 0117). */
    overlap: text({ enum: overlapPolicies }).notNull().default('skip'),
    /** The one slot kept waiting (`buffer_one`) for the processing run to end; null: none (ADR 0117). */
    bufferedSlot: timestamp({ withTimezone: true }),
    /** The model tried once when `model` fails with a server error, a 429 or a timeout (ADR 0121); null: none. */
    fallback: jsonb().$type<FallbackModel>(),
    /** A backfill's slots not yet started, oldest first, one run at a time; null: none (ADR 0117). */
    backfillSlots: timestamp({ withTimezone: true }).array(),
    /** Where the task was made: the app, the REST API with a key, or the MCP server (ADR 0124); null: before this was kept. */
    createdVia: text({ enum: taskOrigins }),
    /** The name of the API key that made the task, as it was then; null when a session made it. */
    createdByKey: text(),
    /** Made paused by a key whose tasks need the owner's approval; only Approve makes it active (ADR 0125). */
    awaitingApproval: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (table) => [
    // The scheduler's claim: active tasks by next fire time.
    index().on(table.status, table.nextFireAt),
    // A workspace's list, newest first; search filters within it (a workspace has at most a few hundred tasks). NULLS
    // FIRST is what `order by … desc` means; drizzle's default (NULLS LAST) would leave the index unusable for the order.
    index().on(table.workspaceId, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    // An account's own tasks (its data export, its deletion).
    index('tasks_user_id_idx').on(table.userId),
    // The administrator's list of every task (issue 17), newest first, paged by (created_at, id).
    index('tasks_created_at_id_idx').on(table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    // Its search by task name (`ilike '%text%'`): trigrams (pg_trgm, migration 0004).
    index('tasks_name_trgm').using('gin', sql`${table.name} gin_trgm_ops`),
    // ... and by owner's name (docs/decisions/0055).
    index('tasks_owner_names_trgm').using('gin', sql`${table.ownerNames} gin_trgm_ops`),
    // The scheduler's look for slots that wait for a run to end: few tasks have one at any time.
    index('tasks_waiting_slots_idx')
      .on(table.id)
      .where(sql`${table.bufferedSlot} is not null or ${table.backfillSlots} is not null`),
    // A key names one of its workspace's tasks (ADR 0126, 0136); most tasks have none.
    uniqueIndex('tasks_workspace_id_key_idx')
      .on(table.workspaceId, table.key)
      .where(sql`${table.key} is not null`),
    check('tasks_budget_whole', sql`num_nulls(${table.budgetUnit}, ${table.budgetAmount}) in (0, 2)`),
  ],
);
