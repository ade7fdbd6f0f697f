import { createSocket, type Socket } from 'node:dgram';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, user, workspaceAudit, workspaceMembers } from '#server/db/schema/index';
import { createJobList } from '#server/engine/job-handlers';
import { sendSsoDomainProofJob } from '#server/queue/job-definitions';
import { privateJobs } from '#server/queue/queue-internals';
import { errorOf, strongPassword, testAppUrl, useTestApp, type TestClient } from '#test/app';
import { createEngineDeps, queuedJobs } from '#test/engine-setup';
import { createTestUser } from '#test/users';
import { useMailServer } from '#test/use-mail-server';

/**
 * Single sign-on for a workspace (ADR 0137) end to end: a real OpenID Connect provider (oidc-provider) on a loopback
 * port, a DNS responder that serves the proof's TXT record, a real SMTP server for the mailed proof, and the sign-in
 * driven as a browser would, following redirects with a cookie jar on each side.
 */

/** A tiny authoritative DNS server over UDP: answers TXT questions from `records`, NXDOMAIN for anything else. */
function startDnsResponder(records: Map<string, string[]>): Promise<{ socket: Socket; address: string }> {
  const socket = createSocket('udp4');
  socket.on('message', (query, peer) => {
    let offset = 12;
    const labels: string[] = [];
    while (query[offset]) {
      const length = query[offset] ?? 0;
      labels.push(query.subarray(offset + 1, offset + 1 + length).toString('ascii'));
      offset += length + 1;
    }
    const questionEnd = offset + 5;
    const type = query.readUInt16BE(offset + 1);
    const texts = type === 16 ? (records.get(labels.join('.').toLowerCase()) ?? []) : [];
    const header = Buffer.alloc(12);
    query.copy(header, 0, 0, 2);
    header.writeUInt16BE(texts.length ? 0x8580 : 0x8583, 2);
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(texts.length, 6);
    const answers = texts.map((text) => {
      const data = Buffer.from(text, 'ascii');
      const answer = Buffer.alloc(12);
      answer.writeUInt16BE(0xc00c, 0); // the question's name
      answer.writeUInt16BE(16, 2);
      answer.writeUInt16BE(1, 4);
      answer.writeUInt32BE(60, 6);
      answer.writeUInt16BE(data.length + 1, 10);
      return Buffer.concat([answer, Buffer.from([data.length]), data]);
    });
    socket.send(Buffer.concat([header, query.subarray(12, questionEnd), ...answers]), peer.port, peer.address);
  });
  return new Promise((resolve) => {
    socket.bind(0, '127.0.0.1', () => resolve({ socket, address: `127.0.0.1:${(socket.address() as AddressInfo).port}` }));
  });
}

/**
 * An identity provider with one client whose redirect URI is set when a test knows its workspace; its login and
 * consent are finished through oidc-provider's interaction API, as the person `signingIn` names.
 */
function startIdentityProvider() {
  const state = { provider: undefined as Provider | undefined, signingIn: '', issuer: '' };
  const server: Server = createServer((request, response) => {
    void (async () => {
      const provider = state.provider;
      if (!provider) return void response.writeHead(503).end();
      if (!request.url?.startsWith('/interaction/')) return provider.callback()(request, response);
      const details = await provider.interactionDetails(request, response);
      if (details.prompt.name === 'login') {
        await provider.interactionFinished(
          request,
          response,
          { login: { accountId: state.signingIn } },
          { mergeWithLastSubmission: false },
        );
        return;
      }
      const grant = new provider.Grant({ accountId: details.session?.accountId ?? '', clientId: String(details.params.client_id) });
      grant.addOIDCScope('openid email profile');
      await provider.interactionFinished(
        request,
        response,
        { consent: { grantId: await grant.save() } },
        { mergeWithLastSubmission: true },
      );
    })().catch((error: unknown) => {
      response.writeHead(500).end(String(error));
    });
  });
  return {
    state,
    async start() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      state.issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    /** Registers the client for a workspace's callback (a new provider: oidc-provider's clients are fixed). */
    serve(redirectUri: string) {
      state.provider = new Provider(state.issuer, {
        clients: [
          {
            client_id: 'promptcron',
            client_secret: 'idp-client-secret',
            redirect_uris: [redirectUri],
            response_types: ['code'],
            grant_types: ['authorization_code'],
          },
        ],
        claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
        features: { devInteractions: { enabled: false } },
        findAccount: (_context: unknown, id: string) => ({
          accountId: id,
          claims: () => ({ sub: id, email: id, email_verified: true, name: id.split('@')[0] }),
        }),
      });
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const mail = useMailServer();
const idp = startIdentityProvider();
const txtRecords = new Map<string, string[]>();
let dns: { socket: Socket; address: string } | undefined;
beforeAll(async () => {
  await idp.start();
  dns = await startDnsResponder(txtRecords);
});
afterAll(async () => {
  await idp.stop();
  dns?.socket.close();
});
const t = useTestApp({
  env: () => ({ SMTP_URL: mail.url, SSO_ALLOW_LOCAL_ISSUERS: 'true', DNS_SERVERS: dns?.address ?? '' }),
});

interface SsoAnswer {
  sso: { domain: string; domainVerified: boolean; dnsRecord: { name: string; value: string }; redirectUri: string; defaultRole: string };
}

async function teamOf(owner: TestClient, name: string): Promise<string> {
  const { workspace } = (await owner.ok('/api/workspaces', { method: 'POST', body: { name } })) as { workspace: { id: string } };
  return workspace.id;
}

async function configure(owner: TestClient, workspaceId: string, domain: string, extra: Record<string, unknown> = {}) {
  idp.serve(`${testAppUrl}/api/auth/sso/callback/${workspaceId}`);
  const answer = await owner.request(`/api/workspaces/${workspaceId}/sso`, {
    method: 'PUT',
    body: { issuer: idp.state.issuer, clientId: 'promptcron', clientSecret: 'idp-client-secret', domain, ...extra },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as SsoAnswer;
}

async function proveByDns(owner: TestClient, workspaceId: string) {
  const { proof } = (await owner.ok(`/api/workspaces/${workspaceId}/sso/domain-proof`, { method: 'POST', body: { method: 'dns' } })) as {
    proof: { dnsRecord: { name: string; value: string } };
  };
  txtRecords.set(proof.dnsRecord.name, ['v=spf1 -all', proof.dnsRecord.value]);
  return (await owner.ok(`/api/workspaces/${workspaceId}/sso/verify`, { method: 'POST' })) as SsoAnswer;
}

/** The browser's cookies at the identity provider, by name (its paths matter nothing to it here). */
function keepCookies(jar: Map<string, string>, response: Response) {
  for (const cookie of response.headers.getSetCookie()) {
    const [pair = ''] = cookie.split(';');
    const at = pair.indexOf('=');
    jar.set(pair.slice(0, at), pair.slice(at + 1));
  }
}

/**
 * Signs in through single sign-on as `email` in `browser`: the app's sign-in answer, then the identity provider's
 * redirects (login and consent finished by it, as `identity`, which the provider may say is someone else), back to the
 * app's callback. Returns where the app finally sends the browser.
 */
async function signInWithSso(browser: TestClient, email: string, identity = email): Promise<string> {
  idp.state.signingIn = identity;
  const started = await browser.request('/api/auth/sign-in/sso', {
    method: 'POST',
    body: { email, callbackURL: `${testAppUrl}/dashboard`, errorCallbackURL: `${testAppUrl}/login` },
  });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  let location = (started.body as { url: string }).url;
  const idpCookies = new Map<string, string>();
  for (let hop = 0; hop < 12; hop += 1) {
    if (location.startsWith(testAppUrl)) {
      const back = await browser.open(location.slice(testAppUrl.length));
      for (const cookie of back.headers.getSetCookie()) {
        const [pair = ''] = cookie.split(';');
        const at = pair.indexOf('=');
        browser.setCookie(pair.slice(0, at), pair.slice(at + 1));
      }
      expect(back.status, await back.clone().text()).toBe(302);
      return back.headers.get('location') ?? '';
    }
    const response = await fetch(location, {
      redirect: 'manual',
      headers: { cookie: [...idpCookies].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    keepCookies(idpCookies, response);
    const next = response.headers.get('location');
    if (!next) throw new Error(`the identity provider answered ${response.status} at ${location}: ${await response.text()}`);
    location = new URL(next, location).toString();
  }
  throw new Error('too many redirects');
}

async function runQueuedProofMails(): Promise<void> {
  const jobs = createJobList(createEngineDeps({ database: t.database, env: { SMTP_URL: mail.url } }));
  for (const { payload } of await queuedJobs(t.database, sendSsoDomainProofJob)) {
    await jobs[sendSsoDomainProofJob.name](payload, {} as never);
  }
  await t.db.execute(sql`delete from ${privateJobs}`);
}

describe('single sign-on for a workspace', () => {
  it('proves the domain by DNS and signs people of it in through the identity provider, once a member', async () => {
    const owner = await t.signIn({ name: 'Olga Owner' });
    const workspaceId = await teamOf(owner.client, 'Acme SSO');
    const configured = await configure(owner.client, workspaceId, 'acme-sso.test', { defaultRole: 'editor' });
    expect(configured.sso).toMatchObject({ domain: 'acme-sso.test', domainVerified: false, defaultRole: 'editor' });
    expect(configured.sso.dnsRecord.name).toBe('_promptcron-challenge.acme-sso.test');
    expect(configured.sso.dnsRecord.value).toMatch(/^promptcron-verify=[0-9a-f]{32}$/);
    expect(JSON.stringify(configured)).not.toContain('idp-client-secret');
    const read = (await owner.client.ok(`/api/workspaces/${workspaceId}/sso`)) as SsoAnswer;
    expect(JSON.stringify(read)).not.toContain('idp-client-secret');

    // Before the proof nobody signs in through it, and the TXT record must really be there.
    const early = await t.visitor('198.51.100.1').request('/api/auth/sign-in/sso', {
      method: 'POST',
      body: { email: 'ada@acme-sso.test', callbackURL: `${testAppUrl}/dashboard` },
    });
    expect(early.status).toBe(403);
    expect(errorOf(early).code).toBe('sso_unavailable');
    const missing = await owner.client.request(`/api/workspaces/${workspaceId}/sso/verify`, { method: 'POST' });
    expect(missing.status).toBe(422);

    const proved = await proveByDns(owner.client, workspaceId);
    expect(proved.sso.domainVerified).toBe(true);

    const browser = t.visitor('198.51.100.2');
    expect(await signInWithSso(browser, 'ada@acme-sso.test')).toBe(`${testAppUrl}/dashboard`);
    expect((await browser.ok('/api/me')).user.email).toBe('ada@acme-sso.test');
    const [ada] = await t.db.select().from(user).where(eq(user.email, 'ada@acme-sso.test'));
    expect(ada?.emailVerified).toBe(true);
    const memberships = () =>
      t.db
        .select()
        .from(workspaceMembers)
        .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, ada?.id ?? '')));
    expect((await memberships()).map((each) => each.role)).toEqual(['editor']);
    const listed = (await browser.ok('/api/workspaces')) as { items: { id: string; personal: boolean }[] };
    expect(listed.items.map((each) => each.personal).sort()).toEqual([false, true]);

    // A second sign-in is the same account and membership.
    const again = t.visitor('198.51.100.3');
    await signInWithSso(again, 'ada@acme-sso.test');
    expect((await again.ok('/api/me')).user.email).toBe('ada@acme-sso.test');
    expect(await memberships()).toHaveLength(1);
    expect(await t.db.select().from(user).where(eq(user.email, 'ada@acme-sso.test'))).toHaveLength(1);
    expect(await t.db.select().from(account).where(eq(account.providerId, workspaceId))).toHaveLength(1);

    const actions = await t.db
      .select({ action: workspaceAudit.action })
      .from(workspaceAudit)
      .where(eq(workspaceAudit.workspaceId, workspaceId));
    expect(actions.map((each) => each.action)).toEqual(
      expect.arrayContaining(['sso.configured', 'sso.domain_verified', 'member.join_sso']),
    );

    // Another workspace cannot take the proved domain.
    const rival = await t.signIn({ name: 'Rita Rival' });
    const rivalTeam = await teamOf(rival.client, 'Rival team');
    idp.serve(`${testAppUrl}/api/auth/sso/callback/${rivalTeam}`);
    const taken = await rival.client.request(`/api/workspaces/${rivalTeam}/sso`, {
      method: 'PUT',
      body: { issuer: idp.state.issuer, clientId: 'promptcron', clientSecret: 'idp-client-secret', domain: 'acme-sso.test' },
    });
    expect(taken.status).toBe(409);

    // Removing it ends the way in.
    expect((await owner.client.request(`/api/workspaces/${workspaceId}/sso`, { method: 'DELETE' })).status).toBe(204);
    const actionsAfter = await t.db
      .select({ action: workspaceAudit.action })
      .from(workspaceAudit)
      .where(eq(workspaceAudit.workspaceId, workspaceId));
    expect(actionsAfter.map((each) => each.action)).toContain('sso.removed');
    const gone = await owner.client.request(`/api/workspaces/${workspaceId}/sso`);
    expect(gone.status).toBe(200);
    expect(gone.body).toEqual({ sso: null });
  });

  it('proves the domain with the link mailed to its postmaster, and can turn password sign-in off for it', async () => {
    const owner = await t.signIn({ name: 'Mona Mailproof' });
    const workspaceId = await teamOf(owner.client, 'Mailproof team');
    await configure(owner.client, workspaceId, 'mailproof.test', { passwordSignIn: false });
    const colleague = await createTestUser(t.db, { email: 'bob@mailproof.test' });

    // Until the domain is proved, the password still works.
    expect((await t.visitor('198.51.100.20').signIn(colleague.email, strongPassword)).status).toBe(200);

    const asked = await owner.client.request(`/api/workspaces/${workspaceId}/sso/domain-proof`, {
      method: 'POST',
      body: { method: 'email' },
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(asked.body).toEqual({ proof: { method: 'email', sentTo: 'postmaster@mailproof.test' } });
    await runQueuedProofMails();
    const message = await mail.waitFor('postmaster@mailproof.test');
    const link = message.links.find((each) => each.startsWith(`${testAppUrl}/sso-domain/`)) ?? '';
    const token = decodeURIComponent(link.slice(`${testAppUrl}/sso-domain/`.length));
    const confirmed = await t.visitor('198.51.100.21').request(`/api/sso-domain-proofs/${encodeURIComponent(token)}`, { method: 'POST' });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body).toEqual({ domain: 'mailproof.test' });
    expect(((await owner.client.ok(`/api/workspaces/${workspaceId}/sso`)) as SsoAnswer).sso.domainVerified).toBe(true);
    // The link works once.
    expect(
      (await t.visitor('198.51.100.21').request(`/api/sso-domain-proofs/${encodeURIComponent(token)}`, { method: 'POST' })).status,
    ).toBe(404);

    const refused = await t.visitor('198.51.100.22').signIn('Bob@Mailproof.test', strongPassword);
    expect(refused.status).toBe(403);
    expect(errorOf(refused)).toMatchObject({ code: 'sso_required', message: expect.stringContaining('single sign-on') });
    // Other domains are not concerned.
    const outsider = await createTestUser(t.db, { email: 'carol@elsewhere.test' });
    expect((await t.visitor('198.51.100.23').signIn(outsider.email, strongPassword)).status).toBe(200);

    // The existing account of the domain signs in through the provider instead.
    const browser = t.visitor('198.51.100.24');
    await signInWithSso(browser, 'bob@mailproof.test');
    expect((await browser.ok('/api/me')).user.email).toBe('bob@mailproof.test');
  });

  it('refuses an address the identity provider names outside the proved domain: no account, back to the login page', async () => {
    const owner = await t.signIn({ name: 'Oscar Outside' });
    const workspaceId = await teamOf(owner.client, 'Bounded team');
    await configure(owner.client, workspaceId, 'bounded.test');
    await proveByDns(owner.client, workspaceId);
    const refusedAt = (location: string) => {
      const url = new URL(location);
      return {
        page: `${url.origin}${url.pathname}`,
        error: url.searchParams.get('error'),
        description: url.searchParams.get('error_description'),
      };
    };
    const refusal = {
      page: `${testAppUrl}/login`,
      error: 'sso_outside_domain',
      description: 'This single sign-on is for bounded.test addresses only.',
    };

    // A new address of another domain: no account is made.
    const browser = t.visitor('198.51.100.30');
    expect(refusedAt(await signInWithSso(browser, 'ada@bounded.test', 'alice@other.test'))).toEqual(refusal);
    expect((await browser.request('/api/me')).status).toBe(401);
    expect(await t.db.select().from(user).where(eq(user.email, 'alice@other.test'))).toHaveLength(0);
    expect(await t.db.select().from(account).where(eq(account.providerId, workspaceId))).toHaveLength(0);

    // An existing account of another domain is neither linked nor signed in, and joins nothing.
    const outsider = await createTestUser(t.db, { email: 'carol@other.test' });
    const again = t.visitor('198.51.100.31');
    // The plugin refuses the link itself (the provider vouches for no other domain) before the address is looked at.
    expect(refusedAt(await signInWithSso(again, 'ada@bounded.test', outsider.email))).toMatchObject({
      page: `${testAppUrl}/login`,
      error: 'account not linked',
    });
    expect((await again.request('/api/me')).status).toBe(401);
    expect(await t.db.select().from(account).where(eq(account.providerId, workspaceId))).toHaveLength(0);
    expect(await t.db.select().from(workspaceMembers).where(eq(workspaceMembers.userId, outsider.id))).toHaveLength(1);
    expect(
      await t.db
        .select()
        .from(workspaceAudit)
        .where(and(eq(workspaceAudit.workspaceId, workspaceId), eq(workspaceAudit.action, 'member.join_sso'))),
    ).toHaveLength(0);
  });

  it('signs an existing password account of the domain in and joins it with the default role, once', async () => {
    const owner = await t.signIn({ name: 'Pia Password' });
    const workspaceId = await teamOf(owner.client, 'Linked team');
    await configure(owner.client, workspaceId, 'linked.test', { defaultRole: 'editor' });
    await proveByDns(owner.client, workspaceId);
    const dana = await createTestUser(t.db, { email: 'dana@linked.test' });
    const membership = () =>
      t.db
        .select({ role: workspaceMembers.role })
        .from(workspaceMembers)
        .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, dana.id)));
    const joins = () =>
      t.db
        .select()
        .from(workspaceAudit)
        .where(and(eq(workspaceAudit.workspaceId, workspaceId), eq(workspaceAudit.action, 'member.join_sso')));
    expect(await membership()).toEqual([]);

    const browser = t.visitor('198.51.100.40');
    expect(await signInWithSso(browser, dana.email)).toBe(`${testAppUrl}/dashboard`);
    expect((await browser.ok('/api/me')).user).toMatchObject({ id: dana.id, email: dana.email });
    expect(await t.db.select().from(user).where(eq(user.email, dana.email))).toHaveLength(1);
    expect(await membership()).toEqual([{ role: 'editor' }]);
    expect(await joins()).toEqual([
      expect.objectContaining({ actorId: dana.id, targetId: dana.id, details: { email: dana.email, role: 'editor' } }),
    ]);
    // The password still works, and a later sign-in through the provider joins nothing more.
    expect((await t.visitor('198.51.100.41').signIn(dana.email, strongPassword)).status).toBe(200);
    await signInWithSso(t.visitor('198.51.100.42'), dana.email);
    expect(await membership()).toHaveLength(1);
    expect(await joins()).toHaveLength(1);

    // An account whose address was never confirmed is not taken over: whoever set its password may not own the address.
    const unconfirmed = await createTestUser(t.db, { email: 'erin@linked.test', emailVerified: false });
    const stranger = t.visitor('198.51.100.45');
    const location = new URL(await signInWithSso(stranger, unconfirmed.email));
    expect(`${location.origin}${location.pathname}`).toBe(`${testAppUrl}/login`);
    expect((await stranger.request('/api/me')).status).toBe(401);
    expect(await t.db.select().from(workspaceMembers).where(eq(workspaceMembers.userId, unconfirmed.id))).toHaveLength(1);

    // Removed, she stays removed: even a new link, after single sign-on was removed and set up again, adds her not.
    expect((await owner.client.request(`/api/workspaces/${workspaceId}/members/${dana.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await owner.client.request(`/api/workspaces/${workspaceId}/sso`, { method: 'DELETE' })).status).toBe(204);
    await configure(owner.client, workspaceId, 'linked.test', { defaultRole: 'editor', passwordSignIn: false });
    await proveByDns(owner.client, workspaceId);
    const back = t.visitor('198.51.100.43');
    expect(await signInWithSso(back, dana.email)).toBe(`${testAppUrl}/dashboard`);
    expect((await back.ok('/api/me')).user.id).toBe(dana.id);
    expect(await membership()).toEqual([]);
    // With password sign-in off for the domain, the identity provider is the only way in.
    const refused = await t.visitor('198.51.100.44').signIn(dana.email, strongPassword);
    expect(refused.status).toBe(403);
    expect(errorOf(refused).code).toBe('sso_required');
  });

  it('lets only the owner configure it, and tells a stranger nothing', async () => {
    const owner = await t.signIn({ name: 'Otto Owner' });
    const admin = await t.signIn({ name: 'Anna Admin' });
    const stranger = await t.signIn({ name: 'Sam Stranger' });
    const workspaceId = await teamOf(owner.client, 'Guarded team');
    await t.db.insert(workspaceMembers).values({ workspaceId, userId: admin.id, role: 'admin' });
    const body = { issuer: idp.state.issuer, clientId: 'promptcron', clientSecret: 'idp-client-secret', domain: 'guarded.test' };
    expect((await admin.client.request(`/api/workspaces/${workspaceId}/sso`, { method: 'PUT', body })).status).toBe(403);
    expect((await admin.client.request(`/api/workspaces/${workspaceId}/sso`)).status).toBe(403);
    expect((await stranger.client.request(`/api/workspaces/${workspaceId}/sso`, { method: 'PUT', body })).status).toBe(404);
    expect((await stranger.client.request(`/api/workspaces/${workspaceId}/sso`)).status).toBe(404);

    const invalid = await owner.client.request(`/api/workspaces/${workspaceId}/sso`, {
      method: 'PUT',
      body: { ...body, issuer: 'http://example.com', defaultRole: 'viewer' },
    });
    expect(invalid.status).toBe(400);
    const ownerRole = await owner.client.request(`/api/workspaces/${workspaceId}/sso`, {
      method: 'PUT',
      body: { ...body, defaultRole: 'owner' },
    });
    expect(ownerRole.status).toBe(400);
  });

  it('limits single sign-on attempts per address', async () => {
    const visitor = t.visitor('198.51.100.99');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 21; attempt += 1) {
      const answer = await visitor.request('/api/auth/sign-in/sso', {
        method: 'POST',
        body: { email: `x${attempt}@nowhere.test`, callbackURL: `${testAppUrl}/dashboard` },
      });
      statuses.push(answer.status);
    }
    expect(statuses.slice(0, 20).every((status) => status === 403)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});
