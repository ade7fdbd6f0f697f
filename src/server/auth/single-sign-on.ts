import { sso } from '@better-auth/sso';
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { and, eq, inArray } from 'drizzle-orm';
import { ssoOutsideDomainCode, ssoOutsideDomainMessage } from '#shared/workspaces/sso.schema';
import type { Database } from '../db/client';
import { ssoProviders, user as users, workspaceAudit, workspaceMembers } from '../db/schema';
import type { Env } from '../env';

export const ssoRequiredMessage = 'Your organisation signs you in with single sign-on: choose “Use single sign-on” on the sign-in page.';

/**
 * `@better-auth/sso` for the OpenID Connect handshake only (ADR 0131, ADR 0137): it reads the providers our routes save
 * in `sso_providers` (the drizzle schema's `ssoProviders`), whose columns carry the plugin's own names. Its domain
 * check reads our `domain_verified`, which only our proofs set; its registration and verification endpoints stay off
 * the allow-list (routes/auth/auth.routes.ts), and `providersLimit: 0` refuses registration even on the server.
 * Joining the workspace follows the account's link to the provider (`joinThroughSso`), not the plugin's
 * `provisionUser`, which sees new accounts only and would leave out an existing account of the domain (ADR 0143).
 */
export function workspaceSso() {
  return sso({
    // Our columns beside the plugin's: it must know them to accept the table, though only our routes write them.
    schema: {
      ssoProvider: {
        modelName: 'ssoProviders',
        additionalFields: { workspaceId: { type: 'string', required: true, input: false, returned: false } },
      },
    },
    providersLimit: 0,
    domainVerification: { enabled: true },
  });
}

/**
 * better-auth's `user.validateUserInfo` gate, for sign-ins through a workspace's provider only: the provider vouches for
 * its proved domain and nothing else (ADR 0143), so an address outside it makes no account, links to none and signs
 * in to none. The refusal ends on the page the sign-in named for errors, with its code and message.
 */
export function ssoAddressPolicy({ db }: { db: Database }) {
  return async ({ user, source }: { user: { email?: unknown }; source: { method: string; sso?: { providerId: string } } }) => {
    if (source.method !== 'sso-oidc' && source.method !== 'sso-saml') return;
    const [row] = await db
      .select({ domain: ssoProviders.domain, domainVerified: ssoProviders.domainVerified })
      .from(ssoProviders)
      .where(eq(ssoProviders.providerId, source.sso?.providerId ?? ''));
    const email = typeof user.email === 'string' ? user.email : '';
    if (row?.domainVerified && email.includes('@') && domainOf(email) === row.domain) return;
    return { error: ssoOutsideDomainCode, errorDescription: ssoOutsideDomainMessage(row?.domain ?? 'its organisation’s') };
  };
}

/**
 * With `passwordSignIn` off, people of the proved domain sign in through their organisation only: its identity provider
 * decides who may, so a password left over from before must not get round it.
 */
export function ssoPasswordPolicy({ db }: { db: Database }): BetterAuthPlugin {
  return {
    id: 'sso-password-policy',
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === '/sign-in/email',
          handler: createAuthMiddleware(async (ctx) => {
            const email: unknown = (ctx.body as { email?: unknown } | undefined)?.email;
            if (typeof email !== 'string' || !email.includes('@')) return;
            if (await passwordSignInRefused(db, email)) {
              throw new APIError('FORBIDDEN', { code: 'SSO_REQUIRED', message: ssoRequiredMessage });
            }
          }),
        },
      ],
    },
  };
}

/** Where local issuers are allowed, the plugin may reach their endpoints on any loopback port. */
export function localIssuerOrigins(env: Env): string[] {
  return localIssuersAllowed(env) ? ['http://localhost:*', 'http://127.0.0.1:*'] : [];
}

/** Loopback issuers (a local identity provider, tests) only where the operator asked for them, never in production. */
export function localIssuersAllowed(env: Pick<Env, 'NODE_ENV' | 'SSO_ALLOW_LOCAL_ISSUERS'>): boolean {
  return env.SSO_ALLOW_LOCAL_ISSUERS && env.NODE_ENV !== 'production';
}

function domainOf(email: string): string {
  return email
    .slice(email.lastIndexOf('@') + 1)
    .trim()
    .toLowerCase();
}

/** The provider that signs in people of `email`'s domain: only one whose domain is proved. */
export async function ssoProviderForEmail(db: Database, email: string): Promise<typeof ssoProviders.$inferSelect | undefined> {
  const [row] = await db
    .select()
    .from(ssoProviders)
    .where(and(eq(ssoProviders.domain, domainOf(email)), eq(ssoProviders.domainVerified, true)));
  return row;
}

/** Whether `email` must sign in through its organisation's single sign-on rather than with a password. */
export async function passwordSignInRefused(db: Database, email: string): Promise<boolean> {
  const row = await ssoProviderForEmail(db, email);
  return row !== undefined && !row.passwordSignIn;
}

/**
 * When someone's account is first linked to a workspace's provider, that is their first sign-in through it: whether
 * the account is new or an existing one of the domain (ADR 0143), they join with the workspace's default role, and
 * their address counts as confirmed, since the proved domain's provider vouched for it. An address outside the domain
 * joins nothing (`ssoAddressPolicy` refuses it before). Later sign-ins link nothing, and someone removed from the
 * workspace, or who left it, is not brought back even by a new link after the provider was removed and set up again.
 */
export async function joinThroughSso({ db, providerId, userId }: { db: Database; providerId: string; userId: string }): Promise<void> {
  const [row] = await db.select().from(ssoProviders).where(eq(ssoProviders.providerId, providerId));
  if (!row?.domainVerified) return;
  const [person] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!person || domainOf(person.email) !== row.domain) return;
  await db.update(users).set({ emailVerified: true }).where(eq(users.id, userId));
  const [departed] = await db
    .select({ id: workspaceAudit.id })
    .from(workspaceAudit)
    .where(
      and(
        eq(workspaceAudit.workspaceId, row.workspaceId),
        eq(workspaceAudit.targetId, userId),
        inArray(workspaceAudit.action, ['member.remove', 'member.leave']),
      ),
    )
    .limit(1);
  if (departed) return;
  const joined = await db
    .insert(workspaceMembers)
    .values({ workspaceId: row.workspaceId, userId, role: row.defaultRole })
    .onConflictDoNothing()
    .returning();
  if (joined.length === 0) return;
  await db.insert(workspaceAudit).values({
    workspaceId: row.workspaceId,
    actorId: userId,
    action: 'member.join_sso',
    targetId: userId,
    details: { email: person.email, role: row.defaultRole },
  });
}
