import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { ownedByUser } from './users';
import { inWorkspace } from './workspaces';

/**
 * API keys (issue 22): a user's scripts call the API as them. Only the key's SHA-256 is kept, so a leaked database
 * holds no usable key; the prefix tells keys apart in the list. Revoking deletes the row.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: ownedByUser(),
    /** The one workspace the key acts in, fixed at creation (ADR 0131). */
    workspaceId: inWorkspace(),
    name: text().notNull(),
    scope: text({ enum: ['read', 'write'] }).notNull(),
    prefix: text().notNull(),
    /** Hex SHA-256 of the whole key. */
    keyHash: text().notNull().unique(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp({ withTimezone: true }),
    expiresAt: timestamp({ withTimezone: true }),
    /** Tasks this key creates wait paused for the owner's approval (ADR 0125); keys made before it was offered: off. */
    approveAgentTasks: boolean().notNull().default(false),
  },
  (table) => [index('api_keys_user_id_idx').on(table.userId, table.createdAt)],
);

/**
 * `Idempotency-Key` on `POST /api/tasks` (issue 22): the first answer to a key, kept 24 hours, with a hash of the body
 * it answered, so a retry gets the same task and another body under the same key is refused.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: ownedByUser(),
    key: text().notNull(),
    requestHash: text().notNull(),
    /** The first answer, replayed as it was: status and JSON body. */
    status: integer().notNull(),
    response: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.key] }), index('idempotency_keys_created_at_idx').on(table.createdAt)],
);
