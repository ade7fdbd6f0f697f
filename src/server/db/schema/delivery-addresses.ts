import { index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { ownedByUser } from './users';

/**
 * Addresses other than their own that a user's tasks e-mail results to (issue 24, ADR 0053), one row per sender and
 * address. Nothing is sent to an address until its owner confirms it from the confirmation e-mail; an address can
 * also unsubscribe from all mail of that sender. The account's own address needs no row: it is allowed once the
 * account has confirmed it (ADR 0109).
 */
export const deliveryAddresses = pgTable(
  'delivery_addresses',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** The sender: the user whose tasks mail this address. */
    userId: ownedByUser(),
    /** Lower case, as compared. */
    email: text().notNull(),
    status: text({ enum: ['pending', 'confirmed', 'unsubscribed'] }).notNull(),
    /** When the confirmation e-mail was last queued. */
    requestedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp({ withTimezone: true }),
    unsubscribedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    unique('delivery_addresses_user_email_unique').on(table.userId, table.email),
    index('delivery_addresses_email_idx').on(table.email),
  ],
);
