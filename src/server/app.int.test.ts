import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '#test/app';
import { createApp } from './app';
import type { AppDeps } from './app-env';

const t = useTestApp({ env: { WAITLIST_URL: 'https://example.com/alpha', SOCIAL_GITHUB_URL: 'https://github.com/example' } });
let webDir: string;

beforeAll(async () => {
  webDir = await mkdtemp(join(tmpdir(), 'promptcron-web-'));
  await mkdir(join(webDir, 'assets'));
  await writeFile(join(webDir, 'index.html'), '<!doctype html><title>Promptcron</title><div id="root"></div>');
  await writeFile(join(webDir, 'landing.html'), '<!doctype html><title>Promptcron</title><div id="root"><h1>Landing</h1></div>');
  await writeFile(
    join(webDir, 'landing-session.html'),
    '<!doctype html><title>Promptcron</title><div id="root"><h1>Landing for a session</h1></div>',
  );
  await writeFile(
    join(webDir, 'signed-in.html'),
    '<!doctype html><title>Promptcron</title><link rel="modulepreload" href="/assets/signed-in.js"><div id="root"></div>',
  );
  await writeFile(join(webDir, 'login.html'), '<!doctype html><title>Sign in</title><div id="root"><h1>Welcome back</h1></div>');
  await writeFile(
    join(webDir, 'register.html'),
    '<!doctype html><title>Create an account</title><div id="root"><h1>Create an account</h1></div>',
  );
  await writeFile(join(webDir, 'assets', 'index-abc123.js'), 'console.log("app")');
  await writeFile(join(webDir, 'assets', 'vendor-def456.js'), `console.log(${JSON.stringify('x'.repeat(4096))})`);
});

afterAll(async () => {
  await rm(webDir, { recursive: true, force: true });
});

function appWith(overrides: Partial<AppDeps> = {}) {
  return createApp({ deps: { ...t.deps, version: '9.9.9', startedAt: Date.now() - 42_000, ...overrides }, webDir });
}

describe('GET /api/health', () => {
  it('reports a reachable database', async () => {
    const response = await appWith().request('/api/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', database: 'ok', version: '9.9.9', uptimeSeconds: 42 });
    expect(response.headers.get('x-request-id')).toBeTruthy();
  });

  it('answers 503 when the database cannot be reached', async () => {
    // Nothing listens on port 1: the connection is refused at once.
    const deadPool = new pg.Pool({ connectionString: 'postgres://nobody@127.0.0.1:1/none', connectionTimeoutMillis: 1_000 });
    try {
      const response = await appWith({ pool: deadPool }).request('/api/health');
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({ status: 'degraded', database: 'unavailable', version: '9.9.9' });
    } finally {
      await deadPool.end();
    }
  });
});

describe('API conventions', () => {
  it('serves the public site configuration', async () => {
    const response = await appWith().request('/api/config');
    expect(await response.json()).toEqual({
      waitlistUrl: 'https://example.com/alpha',
      supportEmail: 'support@promptcron.com',
      social: {
        x: 'https://x.com/promptcron',
        linkedin: 'https://www.linkedin.com/company/promptcron',
        github: 'https://github.com/example',
      },
      statusPage: true,
    });
  });

  it('publishes an OpenAPI 3.1 document generated from the route schemas', async () => {
    const document = (await (await appWith().request('/api/openapi.json')).json()) as {
      openapi: string;
      info: { version: string };
      paths: Record<string, { get?: { responses: Record<string, unknown> } }>;
    };
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.version).toBe('9.9.9');
    expect(Object.keys(document.paths['/api/health']?.get?.responses ?? {})).toEqual(['200', '503']);
    expect(document.paths['/api/config']).toBeDefined();
  });

  it('answers unknown API routes with a JSON 404 in the error shape', async () => {
    const response = await appWith().request('/api/no-such-thing', { method: 'POST' });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: 'not_found', message: 'No API route POST /api/no-such-thing.' } });
  });
});

describe('web app', () => {
  it('answers every client route with the SPA, under a strict content security policy', async () => {
    const response = await appWith().request('/docs/quickstart');
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<div id="root"></div>');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answers a path the app has no page for with the app (its 404 page) and status 404', async () => {
    for (const path of ['/no-such-page', '/blog/no-such-post', '/docs/integrations/nope', '/dashboard/no-such-page', '/admin/x/y']) {
      const response = await appWith().request(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type'), path).toContain('text/html');
      expect(await response.text(), path).toMatch(/<div id="root">/);
    }
    for (const path of ['/blog', '/guides/prompt-templates', '/dashboard/tasks/some-task/edit', '/admin/users/some-user', '/terms/']) {
      expect((await appWith().request(path)).status, path).toBe(200);
    }
  });

  it('serves hashed assets with a long cache lifetime', async () => {
    const response = await appWith().request('/assets/index-abc123.js');
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('console.log("app")');
    expect(response.headers.get('cache-control')).toContain('immutable');
  });

  it('sends the pre-rendered landing page for / and the empty shell for every other page', async () => {
    const landing = await appWith().request('/');
    expect(landing.status).toBe(200);
    expect(await landing.text()).toContain('<h1>Landing</h1>');
    // A session cookie (HttpOnly, so the page's script cannot see it) gets the variant that starts the SPA at once.
    for (const cookie of ['promptcron.session_token=abc.def', 'theme=dark; __Secure-promptcron.session_token=abc.def']) {
      const signedIn = await appWith().request('/', { headers: { Cookie: cookie } });
      expect(await signedIn.text()).toContain('<h1>Landing for a session</h1>');
    }
    const otherCookie = await appWith().request('/', { headers: { Cookie: 'promptcron.session_data=x' } });
    expect(await otherCookie.text()).toContain('<h1>Landing</h1>');
    expect(landing.headers.get('vary')).toContain('Cookie');
    const blog = await appWith().request('/blog');
    expect(blog.status).toBe(200);
    expect(await blog.text()).toContain('<div id="root"></div>');
  });

  it('sends the pre-rendered sign-in and sign-up pages to visitors, and the SPA to a request with a session', async () => {
    for (const [path, heading] of [
      ['/login', 'Welcome back'],
      ['/register', 'Create an account'],
    ] as const) {
      const visitor = await appWith().request(path);
      expect(visitor.status).toBe(200);
      expect(await visitor.text()).toContain(`<h1>${heading}</h1>`);
      expect(visitor.headers.get('vary')).toContain('Cookie');
      expect(visitor.headers.get('cache-control')).toBe('no-cache');
      // A signed-in user is sent on by the SPA (to the dashboard), which the static page could not do.
      const signedIn = await appWith().request(path, { headers: { Cookie: 'promptcron.session_token=abc.def' } });
      expect(await signedIn.text()).toContain('<div id="root"></div>');
    }
  });

  it('sends the signed-in area the shell that preloads its own code', async () => {
    for (const path of ['/dashboard', '/dashboard/tasks/new', '/admin', '/admin/users']) {
      const response = await appWith().request(path);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('/assets/signed-in.js');
    }
    expect(await (await appWith().request('/docs')).text()).not.toContain('/assets/signed-in.js');
  });

  it('sends scripts gzipped to browsers that accept it', async () => {
    const response = await appWith().request('/assets/vendor-def456.js', { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('gzip');
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.length).toBeLessThan(1024);
    expect(gunzipSync(body).toString()).toContain('x'.repeat(4096));
  });
});
