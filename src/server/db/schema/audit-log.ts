import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Every administrator action (issue 17): who did what to which user, task or plan, and when. Written in the same
 * transaction as the action. Actor and target are plain ids, not foreign keys: an entry outlives the account or task
 * it names (a deleted user is when the log matters most), so `details` keeps the names an entry needs to be read.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid().primaryKey().defaultRandom(),
    actorId: text().notNull(),
    /** Dotted verb, e.g. `user.suspend`, `user.plan_change`, `task.pause`, `plan.update`. */
    action: text().notNull(),
    targetType: text({ enum: ['user', 'task', 'plan'] }).notNull(),
    targetId: text().notNull(),
    details: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('audit_log_created_at_idx').on(table.createdAt.desc(), table.id.desc()),
    index('audit_log_actor_idx').on(table.actorId, table.createdAt.desc()),
    index('audit_log_target_idx').on(table.targetId, table.createdAt.desc()),
  ],
);
