import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '#test/app';
import { seedRun, seedTask } from '#test/seed';
import { formatInstant } from '../web/lib/date-time';
import { createApp } from './app';
import { calendarMonthOf } from './core/billing/usage-period';

/*
 * ADR 0057: GET /dashboard with a session is the overview rendered on the server from the API's own answers, with
 * the queries it was rendered from for the SPA; anything short of a user to render it for gets the SPA's shell.
 */

const t = useTestApp();
let webDir: string;
let app: ReturnType<typeof createApp>;

const shell = '<!doctype html><title>Promptcron</title><link rel="modulepreload" href="/assets/signed-in.js"><div id="root"></div>';
const template =
  '<!doctype html><html><head><title>Promptcron</title><script type="module" src="/assets/enhance-dashboard.js"></script></head><body><div id="root"></div>\n<!--prefetched-queries-->\n</body></html>';

beforeAll(async () => {
  webDir = await mkdtemp(join(tmpdir(), 'promptcron-web-'));
  await writeFile(join(webDir, 'index.html'), '<!doctype html><title>Promptcron</title><div id="root"></div>');
  await writeFile(join(webDir, 'signed-in.html'), shell);
  await writeFile(join(webDir, 'dashboard.html'), template);
  app = createApp({ deps: t.deps, webDir });
});

afterAll(async () => {
  await rm(webDir, { recursive: true, force: true });
});

/** The JSON the page carries for the SPA, by query key. */
function prefetchedQueries(html: string): Map<string, unknown> {
  const json = /<script type="application\/json" id="prefetched-queries">(.*?)<\/script>/s.exec(html)?.[1];
  if (!json) throw new Error('The page carries no queries');
  const state = JSON.parse(json) as { queries: { queryKey: unknown[]; state: { data: unknown } }[] };
  return new Map(state.queries.map((query) => [String(query.queryKey[0]), query.state.data]));
}

describe('GET /dashboard', () => {
  it('renders the signed-in user’s overview with their figures, in their language, and the queries behind it', async () => {
    // The install's first account, as it was when it signed up here.
    const { client, id: userId } = await t.signIn({ name: 'Dora Dashboard', role: 'admin' });
    const hostileName = '</script><script>alert(1)</script> $& Morning brief';
    const task = await seedTask(t.db, userId, { name: hostileName, nextFireAt: new Date('2026-12-01T08:00:00Z') });
    const run = await seedRun(t.db, task, { startedAt: new Date(Date.now() - 60_000) });

    const response = await app.request('/dashboard', {
      headers: { Cookie: client.cookieHeader, 'Accept-Language': 'de-DE,de;q=0.9,en;q=0.5' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-cache');
    expect(response.headers.get('vary')).toContain('Cookie');
    const html = await response.text();

    expect(html).toContain('<title>Dashboard — Promptcron</title>');
    // Still in the session it signed up in: a first visit (issue 37).
    expect(html).toContain('Welcome, Dora Dashboard');
    expect(html).not.toContain('Welcome back');
    expect(html).toContain('/assets/enhance-dashboard.js');
    // The task's name is text in the markup and inside the JSON, never markup of its own.
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; $&amp; Morning brief');
    // The run's time as a German reader's browser shows it, in the user's zone (their only task's: UTC).
    expect(html).toContain(formatInstant(run.startedAt.toISOString(), 'dateTime', { locale: 'de-DE', timeZone: 'UTC' }));

    const queries = prefetchedQueries(html);
    expect(queries.get('me')).toMatchObject({ id: userId, fullName: 'Dora Dashboard' });
    expect(queries.get('dashboard')).toMatchObject({ stats: { activeTasks: 1, runsCompleted: 1 }, activeTasks: [{ name: hostileName }] });
    expect(queries.get('subscription')).toMatchObject({ plan: { name: expect.any(String) } });
    expect(queries.get('site-config')).toBeDefined();
  });

  it('welcomes a user back once they have signed in again, and writes times in their zone, as the SPA will', async () => {
    const { client, id: userId, email, password } = await t.signIn({ name: 'Rita Returning' });
    const task = await seedTask(t.db, userId, { name: 'Berlin digest', timezone: 'Europe/Berlin' });
    const run = await seedRun(t.db, task, { startedAt: new Date(Date.now() - 60_000) });
    const laptop = t.visitor();
    expect((await laptop.signIn(email, password)).status).toBe(200);

    for (const cookie of [client.cookieHeader, laptop.cookieHeader]) {
      const html = await (await app.request('/dashboard', { headers: { Cookie: cookie, 'Accept-Language': 'en-US' } })).text();
      expect(html).toContain('Welcome back, Rita Returning');
      expect(html).toContain('per day in Europe/Berlin');
      // The plan's UTC month, begun in the same zone as the chart's days, as the SPA writes it (ADR 0110).
      const monthStart = calendarMonthOf(new Date()).start.toISOString();
      expect(html).toContain(`Since ${formatInstant(monthStart, 'monthDayTime', { locale: 'en-US', timeZone: 'Europe/Berlin' })}`);
      expect(html).not.toContain('Since the 1st');
      expect(html).toContain(formatInstant(run.startedAt.toISOString(), 'dateTime', { locale: 'en-US', timeZone: 'Europe/Berlin' }));
      // The SPA takes over with the same user, zone and greeting.
      expect(prefetchedQueries(html).get('me')).toMatchObject({ id: userId, newcomer: false, timeZone: 'Europe/Berlin' });
    }
  });

  it('sends the SPA’s shell when there is nobody to render it for', async () => {
    for (const headers of [{}, { Cookie: 'promptcron.session_token=forged.value' }] as Record<string, string>[]) {
      const response = await app.request('/dashboard', { headers });
      expect(response.status).toBe(200);
      expect(await response.text()).toBe(shell);
    }
  });

  it('sends an invited user who has not set a password yet the SPA, which asks for one', async () => {
    const { client } = await t.signIn({ name: 'Ivo Invited', invited: true });
    const response = await app.request('/dashboard', { headers: { Cookie: client.cookieHeader } });
    expect(await response.text()).toBe(shell);
  });
});
