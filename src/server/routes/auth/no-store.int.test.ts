import { beforeAll, describe, expect, it } from 'vitest';
import { strongPassword, type TestClient, useTestApp, expectStatus } from '#test/app';
import { taskInput } from '#test/builders';
import { servedDocumentSchema } from '#test/openapi-schema';

const t = useTestApp();
let ada: TestClient;

beforeAll(() => {
  // Ada signs up through the form below (its answer is checked too): the first account, so the admin routes answer her.
  ada = t.visitor('198.51.100.1');
});

describe('Cache-Control on authenticated answers', () => {
  it('answers a signed-in user with no-store, from our routes and from better-auth', async () => {
    const signedUp = await ada.signUp({ name: 'Ada Lovelace', email: 'ada@example.com', password: strongPassword });
    expect(signedUp.headers.get('cache-control')).toBe('no-store');
    const created = await ada.request('/api/tasks', { method: 'POST', body: taskInput() });
    expectStatus(created, 201);
    expect(created.headers.get('cache-control')).toBe('no-store');
    expect((await ada.request(`/api/tasks/${created.body.task.id}`)).headers.get('cache-control')).toBe('no-store');

    // Every GET route of the OpenAPI document that needs a session (the live event stream and CSV exports aside: they
    // are not JSON, and their own tests check the header).
    const document = servedDocumentSchema.parse(await ada.ok('/api/openapi.json'));
    const signedOut = t.visitor('198.51.100.2');
    const checked: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      if (!('get' in operations) || path.includes('{') || path === '/api/events' || path.endsWith('/export')) continue;
      if ((await signedOut.request(path)).status !== 401) continue;
      const answer = await ada.request(path);
      expect({ path, status: answer.status, cacheControl: answer.headers.get('cache-control') }).toEqual({
        path,
        status: 200,
        cacheControl: 'no-store',
      });
      checked.push(path);
    }
    expect(checked).toEqual(expect.arrayContaining(['/api/me', '/api/me/settings', '/api/tasks', '/api/runs', '/api/dashboard']));

    for (const path of ['/api/auth/get-session', '/api/auth/list-sessions']) {
      expect((await ada.request(path)).headers.get('cache-control')).toBe('no-store');
    }
  });

  it('keeps the public answers cacheable as before, with or without a session', async () => {
    for (const client of [ada, t.visitor('198.51.100.3')]) {
      expect((await client.request('/api/config')).headers.get('cache-control')).toBe('public, max-age=300');
      expect((await client.request('/api/health')).headers.get('cache-control')).toBe('no-store');
    }
  });
});
