import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Accounts, in the table shapes better-auth (with its admin plugin) reads and writes, plus the product's own user
 * fields. The spec's "profile" of a user is the `user` row. Ids are strings because better-auth generates them.
 */

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/** The user a row belongs to: the row goes when the account is deleted. */
export const ownedByUser = () =>
  text()
    .notNull()
    .references(() => user.id, { onDelete: 'cascade' });
const updatedAt = () =>
  timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

export const user = pgTable(
  'user',
  {
    id: text().primaryKey(),
    name: text().notNull(),
    email: text().notNull().unique(),
    emailVerified: boolean().notNull().default(false),
    image: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    fullName: text(),
    role: text({ enum: ['admin', 'user'] })
      .notNull()
      .default('user'),
    invited: boolean().notNull().default(false),
    hasSetPassword: boolean().notNull().default(false),
    banned: boolean().notNull().default(false),
    banReason: text(),
    banExpires: timestamp({ withTimezone: true }),
  },
  (table) => [
    // The admin Users list and its export page newest first by (created_at, id) (issue 17).
    index('user_created_at_id_idx').on(table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    // Its search (`ilike '%text%'` on each field, OR-ed): a trigram index per field (pg_trgm, migration 0004).
    index('user_name_trgm').using('gin', sql`${table.name} gin_trgm_ops`),
    index('user_full_name_trgm').using('gin', sql`${table.fullName} gin_trgm_ops`),
    index('user_email_trgm').using('gin', sql`${table.email} gin_trgm_ops`),
  ],
);

export const session = pgTable(
  'session',
  {
    id: text().primaryKey(),
    userId: ownedByUser(),
    token: text().notNull().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    ipAddress: text(),
    userAgent: text(),
    impersonatedBy: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index().on(table.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text().primaryKey(),
    userId: ownedByUser(),
    accountId: text().notNull(),
    providerId: text().notNull(),
    accessToken: text(),
    refreshToken: text(),
    idToken: text(),
    accessTokenExpiresAt: timestamp({ withTimezone: true }),
    refreshTokenExpiresAt: timestamp({ withTimezone: true }),
    scope: text(),
    password: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index().on(table.userId)],
);

/** Single-use tokens: password reset and invitation links. */
export const verification = pgTable(
  'verification',
  {
    id: text().primaryKey(),
    identifier: text().notNull(),
    value: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index().on(table.identifier)],
);
