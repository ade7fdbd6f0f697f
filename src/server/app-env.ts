import type pg from 'pg';
import type { ApiKeyScope } from '#shared/api-keys/api-key.schema';
import type { Workspace } from '#shared/workspaces/workspace.schema';
import type { Auth } from './auth/auth';
import type { SessionUser, SignedInSessions } from './auth/signed-in-sessions';
import type { Database } from './db/client';
import type { AdminListTotals } from './events/admin-list-totals';
import type { RunCounts } from './events/run-counts';
import type { UserChangeHub } from './events/user-change-hub';
import type { Env } from './env';
import type { Logger } from './logger';
import type { Mailer } from './mail/mailer';
import type { UnsubscribeLinks } from './mail/unsubscribe-links';

/** What every request handler may use; built once in main.ts (or by a test) and handed to createApp. */
export interface AppDeps {
  env: Env;
  logger: Logger;
  pool: pg.Pool;
  db: Database;
  auth: Auth;
  mailer: Mailer;
  /** Signs and checks the unsubscribe links of notification e-mails. */
  unsubscribeLinks: UnsubscribeLinks;
  /** Live run changes for `GET /api/events`: this process's one LISTEN connection, shared by all its streams. */
  userChanges: UserChangeHub;
  /** The history's totals between requests, dropped as run events announce changes (docs/decisions/0020). */
  runCounts: RunCounts;
  /** The admin Users and All Tasks lists' totals between requests, dropped as the database announces changes (0044). */
  adminListTotals: AdminListTotals;
  /** Who is signed in, between requests, dropped as the database announces account changes (docs/decisions/0021). */
  signedInSessions: SignedInSessions;
  /** Aborted when this process begins to stop: a request that waits (Run Now) answers at once (ADR 0100). */
  stopping: AbortController;
  version: string;
  /** Epoch milliseconds when this process started serving. */
  startedAt: number;
}

export interface AppEnv {
  Variables: {
    deps: AppDeps;
    /** The request's child logger, tagged with its request id. */
    log: Logger;
    requestId: string;
    sessionUser: SessionUser;
    /** The scope of the API key the request came with; undefined for a session (routes/auth/api-key-middleware.ts). */
    apiKeyScope: ApiKeyScope | undefined;
    /** The API key the request came with: its name and whether tasks it makes need approval (ADR 0125); undefined for a session. */
    apiKey: { id: string; name: string; approveAgentTasks: boolean; workspace: Workspace } | undefined;
    /**
     * The workspace the request acts on, with the caller's role in it: the `{id}` of a `/api/workspaces/{id}…` route,
     * or the one a data route's request names (workspace-role.ts).
     */
    workspace: Workspace;
  };
}
