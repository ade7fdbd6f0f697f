import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { budgetUnits } from '#shared/budgets/monthly-budget.schema';
import { workspaceRoles } from '#shared/workspaces/workspace-roles';
import { ownedByUser, user } from './users';

/**
 * Workspaces (ADR 0131): who shares what. Every account has one personal workspace, named by `personal_user_id`,
 * which goes with the account (cascade); a team workspace has no such owner column, only members (ADR 0133).
 */
export const workspaces = pgTable(
  'workspaces',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    /** Lower-case letters, digits and dashes, made from the name and unique over all workspaces. */
    slug: text().notNull().unique(),
    /** The account whose personal workspace this is; null for a team workspace. At most one per account. */
    personalUserId: text()
      .unique()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** An optional monthly budget over all the workspace's runs (ADR 0141): both set, or both null. */
    budgetUnit: text({ enum: budgetUnits }),
    budgetAmount: numeric({ precision: 14, scale: 4, mode: 'number' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (table) => [check('workspaces_budget_whole', sql`num_nulls(${table.budgetUnit}, ${table.budgetAmount}) in (0, 2)`)],
);

/** Who belongs to a workspace, with which role; a member's row goes with the workspace or the account. */
export const workspaceMembers = pgTable(
  'workspace_members',
  {
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: ownedByUser(),
    role: text({ enum: workspaceRoles }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.workspaceId, table.userId] }), index('workspace_members_user_id_idx').on(table.userId)],
);

/**
 * An invitation to join a workspace with a role: valid 7 days, used once. Only the SHA-256 of its token is kept; the
 * token itself is in the e-mailed link. At most one open (neither accepted nor revoked) invitation per address.
 */
export const workspaceInvitations = pgTable(
  'workspace_invitations',
  {
    id: uuid().primaryKey().defaultRandom(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** Lower case, as accounts store theirs. */
    email: text().notNull(),
    role: text({ enum: workspaceRoles }).notNull(),
    /** Hex SHA-256 of the link's token. */
    tokenHash: text().notNull().unique(),
    invitedBy: ownedByUser(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    acceptedAt: timestamp({ withTimezone: true }),
    acceptedBy: text().references(() => user.id, { onDelete: 'set null' }),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    uniqueIndex('workspace_invitations_open_email_idx')
      .on(table.workspaceId, table.email)
      .where(sql`${table.acceptedAt} is null and ${table.revokedAt} is null`),
    index('workspace_invitations_workspace_idx').on(table.workspaceId, table.createdAt.desc()),
  ],
);

/**
 * What happened in a workspace and who did it (ADR 0133): invitations, role changes, removals, leaves. Kept apart from
 * the administrators' `audit_log`, whose list is the platform's; an entry goes with its workspace. Actor and member
 * are plain ids, so an entry outlives the accounts it names; `details` keeps their e-mail addresses.
 */
export const workspaceAudit = pgTable(
  'workspace_audit',
  {
    id: uuid().primaryKey().defaultRandom(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    actorId: text().notNull(),
    /** Dotted verb: `invitation.create`, `invitation.revoke`, `invitation.accept`, `member.role_change`, ... */
    action: text().notNull(),
    /** The member or invitation the action was about. */
    targetId: text(),
    details: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('workspace_audit_workspace_idx').on(table.workspaceId, table.createdAt.desc())],
);

/**
 * The workspace a row of shared data belongs to (ADR 0136). An insert that names none lands in its creator's personal
 * workspace: the triggers of migration 0043 fill it in (a run takes its task's), so code that predates workspaces
 * keeps its meaning; the default is SQL null only so that those inserts need not name it.
 */
export const inWorkspace = () =>
  uuid()
    .notNull()
    .default(sql`null`)
    .references(() => workspaces.id, { onDelete: 'cascade' });

/**
 * A workspace's OpenID Connect provider (ADR 0131): the table `@better-auth/sso` reads and writes (its own columns),
 * and ours beside them. One per workspace; the domain must be proved before anyone of it signs in through it.
 */
export const ssoProviders = pgTable('sso_providers', {
  id: text().primaryKey(),
  issuer: text().notNull(),
  /** JSON, as the plugin keeps it: client id and secret, endpoints, scopes, PKCE. */
  oidcConfig: text(),
  samlConfig: text(),
  /** Who configured it. */
  userId: text().references(() => user.id, { onDelete: 'set null' }),
  providerId: text().notNull().unique(),
  /** The plugin's name for the group a provider serves: our workspace's id, as text. */
  organizationId: text(),
  /** The e-mail domain whose people sign in through it, lower case. */
  domain: text().notNull(),
  domainVerified: boolean().notNull().default(false),
  workspaceId: uuid()
    .notNull()
    .unique()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  /** The role someone of the domain joins with on first sign-in. */
  defaultRole: text({ enum: workspaceRoles }).notNull().default('viewer'),
  /** Whether people of the domain may still sign in with a password. */
  passwordSignIn: boolean().notNull().default(true),
  /** Hex SHA-256 of the secret a DNS TXT record or the mailed link proves the domain with. */
  domainProofHash: text(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});
