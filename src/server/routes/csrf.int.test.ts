import { beforeAll, describe, expect, it } from 'vitest';
import { taskResponseSchema } from '#shared/tasks/task.schema';
import { strongPassword, type TestClient, testAppUrl, useTestApp } from '#test/app';
import { taskInput } from '#test/builders';
import { account, session, taskRuns, tasks, user, userSettings } from '../db/schema';
import { servedDocumentSchema } from '#test/openapi-schema';

const t = useTestApp();
let ada: TestClient;
let taskId: string;

const task = taskInput();

const refused = { error: { code: 'forbidden', message: 'Cross-site request refused.' } };

/** What a forged request could change: compared whole before and after. */
async function everything() {
  const db = t.db;
  return {
    tasks: await db.select().from(tasks),
    runs: await db.select().from(taskRuns),
    users: await db.select().from(user),
    sessions: await db.select().from(session),
    accounts: await db.select().from(account),
    settings: await db.select().from(userSettings),
  };
}

/** The forgeries a page on another site can make: a foreign origin, `null` (a sandboxed frame), or no origin at all. */
const forgeries: [string, Record<string, string | undefined>][] = [
  ['Origin: http://evil.example', { Origin: 'http://evil.example' }],
  ['Origin: null', { Origin: 'null' }],
  ['no Origin and no Sec-Fetch-Site', { Origin: undefined }],
  ['no Origin, Sec-Fetch-Site: cross-site', { Origin: undefined, 'Sec-Fetch-Site': 'cross-site' }],
  ['a foreign Origin with Sec-Fetch-Site: same-origin', { Origin: 'http://evil.example', 'Sec-Fetch-Site': 'same-origin' }],
];

/** A form or `fetch(..., { mode: 'no-cors' })` from another site sends these bodies without a preflight. */
const simpleBodies: [string, string | undefined][] = [
  ['application/json', '{}'],
  ['text/plain', 'x'],
  ['application/x-www-form-urlencoded', 'a=b'],
  ['no body', undefined],
];

async function forge(
  path: string,
  method: string,
  headers: Record<string, string | undefined>,
  contentType: string,
  body: string | undefined,
) {
  const sent: Record<string, string> = { Cookie: ada.cookieHeader, 'X-Forwarded-For': ada.ip };
  if (body !== undefined) sent['Content-Type'] = contentType;
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) sent[name] = value;
  const response = await t.app.request(path, { method, headers: sent, body });
  return { status: response.status, body: (await response.json().catch(() => null)) as unknown };
}

beforeAll(async () => {
  // Ada administers the install (its first account), so the admin routes are reachable too.
  ({ client: ada } = await t.signIn({ name: 'Ada Lovelace', email: 'ada@example.com', role: 'admin' }));
  taskId = (await ada.expectOk(taskResponseSchema, '/api/tasks', { method: 'POST', body: task, status: 201 })).task.id;
});

describe('CSRF: a state-changing request with the session cookie must come from the app itself', () => {
  it('every state-changing route in the OpenAPI document, and better-auth’s own, refuses a forged request and changes nothing', async () => {
    const document = servedDocumentSchema.parse(await ada.ok('/api/openapi.json'));
    const routes = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations)
        .filter((method) => !['get', 'head', 'options'].includes(method))
        .map((method) => [method.toUpperCase(), path.replace('{id}', taskId)] as const)
        // Stripe's webhook is server to server, proven by its signature: csrf.ts exempts it (stripe-webhook.int.test.ts).
        .filter(([, route]) => route !== '/api/billing/webhook'),
    );
    // The document lists what the product serves; if it shrinks, this test must notice.
    expect(routes.map(([method, path]) => `${method} ${path.replace(taskId, '{id}')}`)).toEqual(
      expect.arrayContaining([
        'POST /api/tasks',
        'PUT /api/tasks/{id}',
        'DELETE /api/tasks/{id}',
        'POST /api/tasks/{id}/pause',
        'POST /api/tasks/{id}/resume',
        'POST /api/tasks/{id}/runs',
        'POST /api/tasks/{id}/webhook-secret',
        'PATCH /api/me',
        'POST /api/me/password',
        'PUT /api/me/settings',
        'POST /api/admin/users',
      ]),
    );
    const betterAuthRoutes = [
      '/api/auth/sign-out',
      '/api/auth/change-password',
      '/api/auth/update-user',
      '/api/auth/revoke-session',
      '/api/auth/revoke-sessions',
      '/api/auth/revoke-other-sessions',
      '/api/auth/admin/set-role',
      '/api/auth/admin/ban-user',
      '/api/auth/admin/impersonate-user',
    ].map((path) => ['POST', path] as const);

    const before = await everything();
    for (const [method, path] of [...routes, ...betterAuthRoutes]) {
      for (const [forgery, headers] of forgeries) {
        for (const [contentType, body] of simpleBodies) {
          const answer = await forge(path, method, headers, contentType, body);
          expect({ route: `${method} ${path}`, forgery, contentType, ...answer }).toEqual({
            route: `${method} ${path}`,
            forgery,
            contentType,
            status: 403,
            body: refused,
          });
        }
      }
    }
    expect(await everything()).toEqual(before);
    expect((await ada.request('/api/me')).status).toBe(200);
  });

  it('lets the same requests through from the app’s own origin, or same-origin by Sec-Fetch-Site without Origin', async () => {
    const paused = await ada.expectOk(taskResponseSchema, `/api/tasks/${taskId}/pause`, { method: 'POST', status: 200 });
    expect(paused.task.status).toBe('paused');

    const resumed = await ada.expectOk(taskResponseSchema, `/api/tasks/${taskId}/resume`, {
      method: 'POST',
      headers: { Origin: undefined, 'Sec-Fetch-Site': 'same-origin' },
      status: 200,
    });
    expect(resumed.task.status).toBe('active');

    const renamed = await ada.request('/api/me', { method: 'PATCH', body: { fullName: 'Ada King' }, headers: { Origin: testAppUrl } });
    expect(renamed.status).toBe(200);

    const signedOut = await ada.request('/api/auth/sign-out', { method: 'POST', body: {} });
    expect(signedOut.status).toBe(200);
    expect(ada.hasSession).toBe(false);
    expect((await ada.request('/api/me')).status).toBe(401);
    await ada.signIn('ada@example.com', strongPassword);
  });

  it('leaves requests without the session cookie to their own checks', async () => {
    const stranger = t.visitor('198.51.100.9');
    const answer = await stranger.expectError('/api/tasks', {
      method: 'POST',
      body: task,
      headers: { Origin: 'http://evil.example' },
      status: 401,
    });
    expect(answer.error.code).toBe('unauthorized');
  });

  it('sees the session cookie however its header is spaced, as better-auth reads it', async () => {
    for (const cookie of [ada.cookieHeader.replace('session_token=', 'session_token ='), ` ${ada.cookieHeader}`]) {
      const response = await t.app.request(`/api/tasks/${taskId}/pause`, {
        method: 'POST',
        headers: { Cookie: cookie, Origin: 'http://evil.example', 'X-Forwarded-For': ada.ip },
      });
      expect({ cookie, status: response.status }).toEqual({ cookie, status: 403 });
    }
    const { task: after } = await ada.expectOk(taskResponseSchema, `/api/tasks/${taskId}`);
    expect(after.status).toBe('active');
  });
});
