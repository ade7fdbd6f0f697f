import { randomUUID } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { admin } from 'better-auth/plugins';
import { count, eq, or } from 'drizzle-orm';
import { passwordPolicy } from '#shared/auth/auth.schema';
import { passwordLinkActions } from '#shared/auth/me.schema';
import type { Database } from '../db/client';
import { account, apiKeys, session, ssoProviders, subscriptions, user, verification, workspaces } from '../db/schema';
import type { Env } from '../env';
import { createUnsubscribeLinks } from '../mail/unsubscribe-links';
import { enqueue } from '../queue/enqueue';
import { sendAccountEmailJob } from '../queue/job-definitions';
import type { Logger } from '../logger';
import { invitations, invitationsOf } from './invitations';
import { linkTokens, resetLinksOf } from './link-tokens';
import { createPersonalWorkspace } from './personal-workspace';
import { queueOwnAddressConfirmation } from './own-address-confirmation';
import { sessionOwnership } from './session-ownership';
import { joinThroughSso, localIssuerOrigins, ssoAddressPolicy, ssoPasswordPolicy, workspaceSso } from './single-sign-on';
import { newAccountFields, planOfNewAccount, signUpSignsIn } from './sign-up-policy';
import { validateAccountInput } from './validate-account-input';

export const resetTokenLifetimeSeconds = 30 * 60;

export interface CreateAuthOptions {
  db: Database;
  env: Env;
  secret: string;
  logger: Logger;
}

/** Links in e-mails lead to the SPA, which forwards to the right screen (ARCHITECTURE section 9). */
export function passwordLink(
  appUrl: string,
  action: (typeof passwordLinkActions)[keyof typeof passwordLinkActions],
  token: string,
): string {
  return `${appUrl}/set-password?action=${action}&token=${encodeURIComponent(token)}`;
}

/** Production always marks cookies Secure (env.ts refuses an http APP_URL there) unless the operator opted out. */
export function secureCookies(env: Env): boolean {
  return env.APP_URL.startsWith('https://') || (env.NODE_ENV === 'production' && !env.ALLOW_INSECURE_COOKIES);
}

export function createAuth({ db, env, secret, logger }: CreateAuthOptions) {
  const ownAddressLinks = createUnsubscribeLinks({ secret, appUrl: env.APP_URL });
  return betterAuth({
    appName: 'Promptcron',
    baseURL: env.APP_URL,
    basePath: '/api/auth',
    secret,
    trustedOrigins: trustedOrigins(env),
    database: drizzleAdapter(db, { provider: 'pg', schema: { user, session, account, verification, ssoProviders } }),
    emailAndPassword: {
      enabled: true,
      // The login minimum; the full policy for new passwords is enforced by validateAccountInput.
      minPasswordLength: passwordPolicy.loginMinLength,
      maxPasswordLength: passwordPolicy.maxLength,
      autoSignIn: signUpSignsIn,
      resetPasswordTokenExpiresIn: resetTokenLifetimeSeconds,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user: recipient, token }) => {
        // Queued, not sent here: the answer must not wait for the mail server, nor tell by its timing whether the
        // account exists. Only the API's own database is touched, so no worker need run in this process.
        await enqueue(
          sendAccountEmailJob,
          {
            kind: 'password-reset',
            userId: recipient.id,
            url: passwordLink(env.APP_URL, passwordLinkActions.reset, token),
          },
          { db },
        );
      },
      // A reset is how an owner takes an account back (ADR 0089): besides its sessions, which better-auth revokes, the
      // API keys, invitation links and other reset links of whoever held it stop working.
      onPasswordReset: async ({ user: resetUser }) => {
        await db.transaction(async (tx) => {
          // The link came to the account's inbox: the address is proven (ADR 0094).
          await tx.update(user).set({ hasSetPassword: true, emailVerified: true }).where(eq(user.id, resetUser.id));
          await tx.delete(apiKeys).where(eq(apiKeys.userId, resetUser.id));
          await tx.delete(verification).where(or(invitationsOf(resetUser.id), resetLinksOf(resetUser.id)));
        });
      },
    },
    user: {
      additionalFields: {
        fullName: { type: 'string', required: false },
        invited: { type: 'boolean', required: false, input: false, defaultValue: false },
        hasSetPassword: { type: 'boolean', required: false, input: false, defaultValue: false },
      },
      validateUserInfo: ssoAddressPolicy({ db }),
    },
    databaseHooks: {
      account: {
        create: {
          // A link to a workspace's provider is made on someone's first sign-in through it (ADR 0143).
          after: async (created) => {
            if (created.providerId !== 'credential') await joinThroughSso({ db, providerId: created.providerId, userId: created.userId });
          },
        },
      },
      user: {
        create: {
          // What a new account is (first account administers, sign-up-policy.ts) depends on the accounts before it.
          before: async (newUser) => {
            const [{ users } = { users: 0 }] = await db.select({ users: count() }).from(user);
            return { data: { ...newUser, ...newAccountFields(newUser, users) } };
          },
          after: async (created) => {
            // The one mail that proves the account's own address (ADR 0109), written for its owner; queued, so
            // sign-up neither waits for nor fails with the mail server. An invitation's link proves it instead.
            if (!created.emailVerified && !(created as { invited?: unknown }).invited)
              await queueOwnAddressConfirmation(db, ownAddressLinks, { userId: created.id, email: created.email });
            // Every account has its personal workspace from the start (ADR 0131).
            await createPersonalWorkspace(db, { ...created, fullName: (created as { fullName?: string | null }).fullName });
            const planId = planOfNewAccount(created.role);
            if (!planId) return;
            // The account's own plan is its personal workspace's (ADR 0140), made just above.
            const [personal] = await db.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.personalUserId, created.id));
            if (personal)
              await db.insert(subscriptions).values({ workspaceId: personal.id, planId, status: 'active' }).onConflictDoNothing();
          },
        },
      },
    },
    hooks: { before: validateAccountInput },
    plugins: [
      admin({ defaultRole: 'user', adminRoles: ['admin'] }),
      invitations(),
      linkTokens(),
      sessionOwnership(),
      workspaceSso(),
      ssoPasswordPolicy({ db }),
    ],
    // Our own limiter (core/security) keys on IP and e-mail in PostgreSQL, shared by every API process.
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: 'promptcron',
      useSecureCookies: secureCookies(env),
      database: { generateId: () => randomUUID() },
    },
    telemetry: { enabled: false },
    logger: {
      log: (level, message, ...args) => {
        const fields = { component: 'auth', details: args.length ? args.map(withoutQueryParameters) : undefined };
        if (level === 'error') logger.error(fields, message);
        else if (level === 'warn') logger.warn(fields, message);
        else logger.debug(fields, message);
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/**
 * better-auth logs a failed query as the error itself, whose parameters are the values it looked up: a session's token
 * on every request while the database is away (ADR 0097). The query's text and its cause say what failed; the
 * parameters never reach the log (log-redaction.ts catches what other paths let through).
 */
function withoutQueryParameters(logged: unknown): unknown {
  if (!(logged instanceof Error)) return logged;
  const { params: _params, ...fields } = logged as Error & Record<string, unknown>;
  const [message = ''] = logged.message.split('\nparams:');
  return { ...fields, name: logged.name, message, cause: withoutQueryParameters(logged.cause) };
}

/** The app's own origin, and on a local machine its loopback aliases, may call the auth endpoints. */
function trustedOrigins(env: Env): string[] {
  const origins = [env.APP_URL, ...localIssuerOrigins(env)];
  const url = new URL(env.APP_URL);
  if (url.hostname === 'localhost' || url.hostname === '127.0.0.1') {
    for (const host of ['localhost', '127.0.0.1'])
      origins.push(`${url.protocol}//${host}:${url.port || (url.protocol === 'https:' ? 443 : 80)}`);
  }
  return [...new Set(origins)];
}
