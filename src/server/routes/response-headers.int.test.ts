import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '#test/app';
import { testLogger } from '#test/database';
import { createApp } from '../app';
import { startHttpServer } from '../http-server';

/*
 * ADR 0058: every response carries a request id and security headers; a page's policy lets our scripts run, an API
 * answer's allows nothing. Over HTTP they are written onto Node's response, through `app.request` onto hono's:
 * both ways are checked, and the server-rendered overview (which asks the API in-process) must keep the page's.
 */

const t = useTestApp();
let webDir: string;
let server: Awaited<ReturnType<typeof startHttpServer>>;
let baseUrl: string;
let cookie: string;

beforeAll(async () => {
  webDir = await mkdtemp(join(tmpdir(), 'promptcron-web-'));
  await writeFile(join(webDir, 'index.html'), '<!doctype html><title>Promptcron</title><div id="root"></div>');
  await writeFile(join(webDir, 'signed-in.html'), '<!doctype html><title>Promptcron</title><div id="root"></div>');
  await writeFile(
    join(webDir, 'dashboard.html'),
    '<!doctype html><html><head><title>Promptcron</title></head><body><div id="root"></div>\n<!--prefetched-queries-->\n</body></html>',
  );
  const app = createApp({ deps: t.deps, webDir });
  server = await startHttpServer({ fetch: app.fetch, port: 0, logger: testLogger });
  baseUrl = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  // Hedda is the install's first account, its admin.
  ({ cookieHeader: cookie } = (await t.signIn({ name: 'Hedda Headers', role: 'admin' })).client);
});

afterAll(async () => {
  await server?.close();
  await rm(webDir, { recursive: true, force: true });
});

const overHttp = (path: string, headers: Record<string, string> = {}) => fetch(`${baseUrl}${path}`, { headers, redirect: 'manual' });
const inProcess = (path: string, headers: Record<string, string> = {}) =>
  Promise.resolve(createApp({ deps: t.deps, webDir }).request(path, { headers }));

const pagePolicy =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";
const apiPolicy = "default-src 'none'; frame-ancestors 'none'";

describe.each([
  ['over HTTP', overHttp],
  ['through app.request', inProcess],
])('response headers %s', (_, get) => {
  it('gives a page the page policy and the headers every response carries', async () => {
    const response = await get('/about');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toBe(pagePolicy);
    expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(response.headers.get('origin-agent-cluster')).toBe('?1');
    expect(response.headers.get('x-dns-prefetch-control')).toBe('off');
    expect(response.headers.get('x-permitted-cross-domain-policies')).toBe('none');
    expect(response.headers.get('x-xss-protection')).toBe('0');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    // Outside production there is no HTTPS to insist on.
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });

  it('gives an API answer a policy that allows nothing, and no headers meant for documents', async () => {
    const response = await get('/api/config');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(response.headers.get('content-security-policy')).toBe(apiPolicy);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    for (const documentsOnly of ['cross-origin-opener-policy', 'origin-agent-cluster', 'x-dns-prefetch-control', 'x-xss-protection']) {
      expect(response.headers.get(documentsOnly)).toBeNull();
    }
    // An unknown API path and a refused request are API answers too.
    for (const answer of [await get('/api/no-such-route'), await get('/api/runs')]) {
      expect([404, 401]).toContain(answer.status);
      expect(answer.headers.get('content-security-policy')).toBe(apiPolicy);
    }
  });

  it('keeps a signed-in answer out of every cache, once', async () => {
    const response = await get('/api/runs?limit=5', { Cookie: cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('echoes a caller’s plain request id and replaces anything else', async () => {
    expect((await get('/api/config', { 'X-Request-Id': 'trace-42=a' })).headers.get('x-request-id')).toBe('trace-42=a');
    for (const odd of ['two words', 'x'.repeat(256), '<script>']) {
      expect((await get('/api/config', { 'X-Request-Id': odd })).headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('keeps the page’s own headers on the overview rendered from API answers', async () => {
    const response = await get('/dashboard', { Cookie: cookie });
    expect(response.status).toBe(200);
    // Hedda is still in the session she signed up in: a first visit (issue 37).
    expect(await response.text()).toContain('Welcome, Hedda Headers');
    expect(response.headers.get('content-security-policy')).toBe(pagePolicy);
    expect(response.headers.get('cache-control')).toBe('private, no-cache');
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

it('insists on HTTPS in production, on pages and API answers alike', async () => {
  const production = createApp({ deps: { ...t.deps, env: { ...t.deps.env, NODE_ENV: 'production' } }, webDir });
  for (const path of ['/', '/api/config']) {
    const response = await production.request(path);
    expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  }
});
