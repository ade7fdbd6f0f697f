import { index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { user } from './users';
import { inWorkspace } from './workspaces';

/**
 * Addresses other than their own that a workspace's tasks e-mail results to (ADRs 0053, 0142), one row per
 * workspace and address: confirmed once, an address receives every task of the workspace, whoever made it, and
 * unsubscribing stops all of that workspace's mail to it. Nothing is sent to an address until its owner confirms it
 * from the confirmation e-mail. The task creator's own address needs no row: it is allowed once the account has
 * confirmed it (ADR 0109), nor does a current member's confirmed own address (ADR 0138).
 */
export const deliveryAddresses = pgTable(
  'delivery_addresses',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** The workspace whose tasks mail this address. */
    workspaceId: inWorkspace(),
    /** Lower case, as compared. */
    email: text().notNull(),
    status: text({ enum: ['pending', 'confirmed', 'unsubscribed'] }).notNull(),
    /** The account whose task asked the address first: it counts against their new addresses a day (ADR 0090). */
    requestedBy: text().references(() => user.id, { onDelete: 'set null' }),
    /** When the confirmation e-mail was last queued. */
    requestedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp({ withTimezone: true }),
    unsubscribedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    unique('delivery_addresses_workspace_email_unique').on(table.workspaceId, table.email),
    index('delivery_addresses_email_idx').on(table.email),
    index('delivery_addresses_requested_by_idx').on(table.requestedBy, table.requestedAt),
  ],
);
