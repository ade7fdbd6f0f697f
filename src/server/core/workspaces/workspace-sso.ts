import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { Resolver } from 'node:dns/promises';
import { discoverOIDCConfig, DiscoveryError } from '@better-auth/sso';
import { isLoopbackHost, isPublicRoutableHost } from '@better-auth/core/utils/host';
import { and, eq, ne } from 'drizzle-orm';
import type { SsoConfig, SsoInput } from '#shared/workspaces/sso.schema';
import type { Workspace } from '#shared/workspaces/workspace.schema';
import type { Database } from '../../db/client';
import { account, ssoProviders, workspaces } from '../../db/schema';
import type { Env } from '../../env';
import type { Logger } from '../../logger';
import type { Mailer } from '../../mail/mailer';
import { ssoDomainProofMail } from '../../mail/templates';
import { enqueue } from '../../queue/enqueue';
import { sendSsoDomainProofJob } from '../../queue/job-definitions';
import { ConflictError, DomainError, NotFoundError, ValidationError } from '../errors';
import { localIssuersAllowed } from '../../auth/single-sign-on';
import { recordWorkspaceAudit } from './workspace-audit';

/*
 * A workspace's single sign-on (ADR 0137): one OpenID Connect provider per workspace in the plugin's own table, which
 * `@better-auth/sso` reads for the handshake. Everything around it is ours: who configures it, the domain's proof, the
 * role people of the domain join with, and whether they may still sign in with a password.
 */

type SsoRow = typeof ssoProviders.$inferSelect;

/** How long the mailed proof link works. */
const proofLinkLifetimeMs = 7 * 24 * 60 * 60 * 1000;

const notConfigured = () => new NotFoundError('This workspace has no single sign-on.');
const domainTaken = (domain: string) => new ConflictError(`${domain} signs in through another workspace's single sign-on already.`);

/** The callback the identity provider sends people back to: the plugin's, named by the provider's id. */
export function ssoRedirectUri(appUrl: string, providerId: string): string {
  return `${appUrl}/api/auth/sso/callback/${providerId}`;
}

/**
 * Whether the server may fetch `url` for a provider's discovery: an https URL on a public host, or a loopback one
 * where local issuers are allowed. The issuer is the owner's word, so it must not reach the server's own network.
 */
export function fetchableIssuerUrl(url: string, env: Pick<Env, 'NODE_ENV' | 'SSO_ALLOW_LOCAL_ISSUERS'>): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  const hostname = parsed.hostname.replace(/^\[|\]$/g, '');
  if (localIssuersAllowed(env) && isLoopbackHost(hostname) && ['http:', 'https:'].includes(parsed.protocol)) return true;
  return parsed.protocol === 'https:' && isPublicRoutableHost(hostname);
}

/**
 * The TXT record that proves the domain: derived from the server's secret, the workspace and the domain, so it can be
 * shown again at any time, and one workspace's record proves nothing for another.
 */
export function dnsRecordOf(secret: string, row: Pick<SsoRow, 'workspaceId' | 'domain'>) {
  const token = createHmac('sha256', secret).update(`sso-domain:${row.workspaceId}:${row.domain}`).digest('hex').slice(0, 32);
  return { name: `_promptcron-challenge.${row.domain}`, value: `promptcron-verify=${token}` };
}

function toConfig(row: SsoRow, { secret, appUrl }: { secret: string; appUrl: string }): SsoConfig {
  const oidc = parseOidcConfig(row.oidcConfig);
  return {
    issuer: row.issuer,
    clientId: oidc.clientId ?? '',
    domain: row.domain,
    domainVerified: row.domainVerified,
    defaultRole: row.defaultRole === 'owner' ? 'viewer' : row.defaultRole,
    passwordSignIn: row.passwordSignIn,
    dnsRecord: dnsRecordOf(secret, row),
    redirectUri: ssoRedirectUri(appUrl, row.providerId),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function parseOidcConfig(text: string | null): { clientId?: string; clientSecret?: string } {
  try {
    return text ? (JSON.parse(text) as { clientId?: string; clientSecret?: string }) : {};
  } catch {
    return {};
  }
}

async function findSso(db: Pick<Database, 'select'>, workspaceId: string): Promise<SsoRow | undefined> {
  const [row] = await db.select().from(ssoProviders).where(eq(ssoProviders.workspaceId, workspaceId));
  return row;
}

/** The workspace's single sign-on, or null before any is set up: an empty state, not a missing resource. */
export async function getSso({ db, workspace, secret, appUrl }: { db: Database; workspace: Workspace; secret: string; appUrl: string }) {
  const row = await findSso(db, workspace.id);
  return row ? toConfig(row, { secret, appUrl }) : null;
}

/** Whether another workspace has proved `domain` already. */
async function claimedElsewhere(db: Pick<Database, 'select'>, domain: string, workspaceId: string): Promise<boolean> {
  const [other] = await db
    .select({ id: ssoProviders.id })
    .from(ssoProviders)
    .where(and(eq(ssoProviders.domain, domain), eq(ssoProviders.domainVerified, true), ne(ssoProviders.workspaceId, workspaceId)));
  return other !== undefined;
}

/**
 * Saves the workspace's provider after fetching its discovery document, as the plugin's own registration does, so a
 * mistyped issuer is refused now rather than at someone's sign-in. A new domain must be proved again.
 */
export async function configureSso({
  db,
  env,
  workspace,
  actorId,
  input,
  secret,
}: {
  db: Database;
  env: Env;
  workspace: Workspace;
  actorId: string;
  input: SsoInput;
  secret: string;
}): Promise<SsoConfig> {
  if (workspace.personal) throw new ConflictError('A personal workspace has no single sign-on; create a team workspace.');
  if (!fetchableIssuerUrl(input.issuer, env)) {
    throw new ValidationError('issuer', 'The issuer must be an https:// URL of a public host.');
  }
  if (await claimedElsewhere(db, input.domain, workspace.id)) throw domainTaken(input.domain);
  const discovered = await discoverOIDCConfig({
    issuer: input.issuer,
    isTrustedOrigin: (url: string) => fetchableIssuerUrl(url, env),
  }).catch((error: unknown) => {
    const reason = error instanceof DiscoveryError ? error.message : 'it did not answer';
    throw new DomainError('sso_discovery_failed', 422, `The issuer's OpenID Connect discovery failed: ${reason}`, {
      issuer: `The issuer's OpenID Connect discovery failed: ${reason}`,
    });
  });
  // The plugin's own shape of a provider registered with discovery (its `oidcConfig` column), PKCE on.
  const oidcConfig = JSON.stringify({
    issuer: discovered.issuer,
    clientId: input.clientId,
    clientSecret: input.clientSecret,
    authorizationEndpoint: discovered.authorizationEndpoint,
    tokenEndpoint: discovered.tokenEndpoint,
    tokenEndpointAuthentication: discovered.tokenEndpointAuthentication,
    jwksEndpoint: discovered.jwksEndpoint,
    pkce: true,
    discoveryEndpoint: discovered.discoveryEndpoint,
    scopes: ['openid', 'email', 'profile'],
    userInfoEndpoint: discovered.userInfoEndpoint,
    overrideUserInfo: false,
  });
  const row = await db.transaction(async (tx) => {
    const [existing] = await tx.select().from(ssoProviders).where(eq(ssoProviders.workspaceId, workspace.id)).for('update');
    const sameDomain = existing?.domain === input.domain;
    const values = {
      issuer: discovered.issuer,
      oidcConfig,
      domain: input.domain,
      defaultRole: input.defaultRole,
      passwordSignIn: input.passwordSignIn,
      userId: actorId,
      domainVerified: sameDomain ? existing.domainVerified : false,
      domainProofHash: sameDomain ? existing.domainProofHash : null,
    };
    const [saved] = existing
      ? await tx.update(ssoProviders).set(values).where(eq(ssoProviders.id, existing.id)).returning()
      : await tx
          .insert(ssoProviders)
          .values({
            ...values,
            id: randomUUID(),
            // The plugin names a provider in its callback path; the workspace's id is unique and tells nothing.
            providerId: workspace.id,
            organizationId: workspace.id,
            workspaceId: workspace.id,
          })
          .returning();
    if (!saved) throw new Error('single sign-on was not saved');
    await recordWorkspaceAudit(tx, {
      workspaceId: workspace.id,
      actorId,
      action: 'sso.configured',
      details: { issuer: saved.issuer, domain: saved.domain, defaultRole: saved.defaultRole, passwordSignIn: saved.passwordSignIn },
    });
    return saved;
  });
  return toConfig(row, { secret, appUrl: env.APP_URL });
}

/** Removes the provider and the sign-in accounts made through it; members stay members. */
export async function removeSso({ db, workspace, actorId }: { db: Database; workspace: Workspace; actorId: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(ssoProviders).where(eq(ssoProviders.workspaceId, workspace.id)).returning();
    if (!row) throw notConfigured();
    await tx.delete(account).where(eq(account.providerId, row.providerId));
    await recordWorkspaceAudit(tx, { workspaceId: workspace.id, actorId, action: 'sso.removed', details: { domain: row.domain } });
  });
}

/**
 * Starts a proof of the domain: the TXT record to publish, or a link mailed to the domain's postmaster. A new link
 * replaces an earlier one.
 */
export async function requestDomainProof({
  db,
  workspace,
  method,
  secret,
}: {
  db: Database;
  workspace: Workspace;
  method: 'dns' | 'email';
  secret: string;
}) {
  const row = await findSso(db, workspace.id);
  if (!row) throw notConfigured();
  if (row.domainVerified) throw new ConflictError(`${row.domain} is proved already.`);
  if (method === 'dns') return { method, dnsRecord: dnsRecordOf(secret, row) };
  // The link's expiry rides in its token, so the one hash column keeps both.
  const token = `${Date.now() + proofLinkLifetimeMs}.${randomBytes(32).toString('base64url')}`;
  await db.transaction(async (tx) => {
    await tx
      .update(ssoProviders)
      .set({ domainProofHash: sha256(token) })
      .where(eq(ssoProviders.id, row.id));
    await enqueue(sendSsoDomainProofJob, { ssoProviderId: row.id, token }, { db: tx });
  });
  return { method, sentTo: postmasterOf(row.domain) };
}

function postmasterOf(domain: string): string {
  return `postmaster@${domain}`;
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

export function ssoDomainProofLink(appUrl: string, token: string): string {
  return `${appUrl}/sso-domain/${encodeURIComponent(token)}`;
}

/** The queued proof mail: nothing for a link replaced, a domain changed or proved meanwhile. */
export async function sendDomainProofMail({
  db,
  mailer,
  appUrl,
  logger,
  ssoProviderId,
  token,
}: {
  db: Database;
  mailer: Mailer;
  appUrl: string;
  logger: Logger;
  ssoProviderId: string;
  token: string;
}): Promise<void> {
  const [row] = await db
    .select({ sso: ssoProviders, workspaceName: workspaces.name })
    .from(ssoProviders)
    .innerJoin(workspaces, eq(workspaces.id, ssoProviders.workspaceId))
    .where(and(eq(ssoProviders.id, ssoProviderId), eq(ssoProviders.domainProofHash, sha256(token))));
  if (!row || row.sso.domainVerified) return;
  await mailer.send({
    to: postmasterOf(row.sso.domain),
    ...ssoDomainProofMail({ workspaceName: row.workspaceName, domain: row.sso.domain, url: ssoDomainProofLink(appUrl, token) }),
  });
  logger.info({ workspaceId: row.sso.workspaceId }, 'single sign-on domain proof mailed');
}

/** Looks the TXT record up at the configured name servers (DNS_SERVERS) and marks the domain proved when it is there. */
export async function verifyDomainByDns({
  db,
  env,
  workspace,
  actorId,
  secret,
}: {
  db: Database;
  env: Env;
  workspace: Workspace;
  actorId: string;
  secret: string;
}): Promise<SsoConfig> {
  const row = await findSso(db, workspace.id);
  if (!row) throw notConfigured();
  const record = dnsRecordOf(secret, row);
  if (!row.domainVerified) {
    const resolver = new Resolver({ timeout: 3000, tries: 2 });
    if (env.DNS_SERVERS?.length) resolver.setServers(env.DNS_SERVERS);
    const found = await resolver.resolveTxt(record.name).catch(() => [] as string[][]);
    if (!found.some((chunks) => sameText(chunks.join(''), record.value))) {
      throw new DomainError(
        'domain_not_proved',
        422,
        `No TXT record "${record.value}" was found at ${record.name}. DNS changes can take a while to show; try again later.`,
      );
    }
  }
  const proved = await markProved(db, row, { actorId, method: 'dns' });
  return toConfig(proved, { secret, appUrl: env.APP_URL });
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The mailed link, confirmed on its page: proves the domain of the workspace it was sent for. */
export async function confirmDomainByLink({ db, token }: { db: Database; token: string }): Promise<{ domain: string }> {
  const [row] = await db
    .select()
    .from(ssoProviders)
    .where(eq(ssoProviders.domainProofHash, sha256(token)));
  if (!row) throw new NotFoundError('This link names no domain proof, or a newer link replaced it.');
  const expiresAt = Number(token.split('.')[0]);
  if (!Number.isFinite(expiresAt) || expiresAt < Date.now())
    throw new DomainError('link_expired', 410, 'This link has expired; ask for a new one.');
  // The owner who asked for the link acts: the postmaster has no account of ours.
  await markProved(db, row, { actorId: row.userId ?? 'postmaster', method: 'email' });
  return { domain: row.domain };
}

async function markProved(db: Database, row: SsoRow, { actorId, method }: { actorId: string; method: 'dns' | 'email' }) {
  return db.transaction(async (tx) => {
    // Two workspaces proving one domain at once: the row locks make the second see the first.
    const claims = await tx.select().from(ssoProviders).where(eq(ssoProviders.domain, row.domain)).for('update');
    if (claims.some((each) => each.domainVerified && each.workspaceId !== row.workspaceId)) throw domainTaken(row.domain);
    const current = claims.find((each) => each.id === row.id);
    if (!current) throw notConfigured();
    if (current.domainVerified) return current;
    const [proved] = await tx
      .update(ssoProviders)
      .set({ domainVerified: true, domainProofHash: null })
      .where(eq(ssoProviders.id, row.id))
      .returning();
    if (!proved) throw notConfigured();
    await recordWorkspaceAudit(tx, {
      workspaceId: row.workspaceId,
      actorId,
      action: 'sso.domain_verified',
      details: { domain: row.domain, method },
    });
    return proved;
  });
}
