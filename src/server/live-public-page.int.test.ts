import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '#test/app';
import { createApp } from './app';

/*
 * ADR 0111: /status and /docs/api reach a visitor as HTML the server rendered from its own API, so they read
 * without JavaScript; a request with a session cookie, or a status page turned off, gets what it got before.
 */

const t = useTestApp();
let webDir: string;
let app: ReturnType<typeof createApp>;

const spa =
  '<!doctype html><html><head><title>Promptcron</title></head><body><div id="root"></div><script src="/spa.js"></script></body></html>';
const template =
  '<!doctype html><html><head><meta name="description" content="The landing page." /><title>Promptcron</title><script type="module" src="/assets/enhance-landing.js"></script></head><body><div id="root"></div></body></html>';

beforeAll(async () => {
  webDir = await mkdtemp(join(tmpdir(), 'promptcron-web-'));
  await writeFile(join(webDir, 'index.html'), spa);
  await writeFile(join(webDir, 'live-page.html'), template);
  app = createApp({ deps: t.deps, webDir });
});

afterAll(async () => {
  await rm(webDir, { recursive: true, force: true });
});

describe('the live public pages', () => {
  it('sends /status with the state now and the last 90 days’ figures in its HTML', async () => {
    const response = await app.request('/status');
    expect(response.status).toBe(200);
    expect(response.headers.get('vary')).toContain('Cookie');
    // React marks where one text node ends and the next begins; a browser shows them as one.
    const html = (await response.text()).replaceAll('<!-- -->', '');
    expect(html).toContain('<title>Promptcron status — Promptcron</title>');
    expect(html).toContain('src="/assets/enhance-landing.js"');
    expect(html).not.toContain('/spa.js');
    expect(html).toContain('Right now');
    expect(html).toMatch(/Today so far: [\d,]+ scheduled runs?, /);
    expect(html).toMatch(/of [\d,]+ runs? began within 1 s of their time/);
    expect(html).toContain('Daily figures (table)');
  });

  it('sends /docs/api with this server’s endpoints and its own address in the examples', async () => {
    const html = await (await app.request('/docs/api')).text();
    expect(html).toContain('<title>API Reference — Promptcron</title>');
    expect(html).toContain('/api/tasks');
    expect(html).toContain(`curl &quot;${t.deps.env.APP_URL}/api/tasks&quot;`);
  });

  it('leaves a signed-in browser’s request to the SPA', async () => {
    const { client } = await t.signIn();
    const html = await (await app.request('/status', { headers: { Cookie: client.cookieHeader } })).text();
    expect(html).toBe(spa);
  });
});
