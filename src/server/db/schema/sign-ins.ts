import { pgTable, timestamp } from 'drizzle-orm/pg-core';
import { ownedByUser } from './users';

/**
 * When each user last signed in, for the admin's Users list and export. Sessions cannot tell: signing out, a password
 * reset or a suspension deletes them. A trigger on `session` inserts keeps it (migration 0030), so every way a session
 * is made (sign-in, sign-up, an invitation) counts, and the `user` row, whose updates tell every process the account
 * changed, is not touched by a sign-in.
 */
export const signIns = pgTable('sign_ins', {
  userId: ownedByUser().primaryKey(),
  lastSignInAt: timestamp({ withTimezone: true }).notNull(),
});
