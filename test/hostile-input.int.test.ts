import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { tasks, user } from '#server/db/schema/index';
import { taskResponseSchema } from '#shared/tasks/task.schema';
import { createTestApp, errorOf, expectStatus, strongPassword, TestClient, testAppUrl, useTestApp } from './app';
import { hostileBodies, hostileJsonValues, hostileStrings, withField } from './hostile-inputs';
import { useMailServer } from './use-mail-server';

/**
 * Issue 15, "Hostile input": every mutating route and the searches answer a hostile input with a 4xx in the API's
 * error shape, never a 5xx, and a refused task save writes nothing. Requests carry the app's own Origin, as a
 * browser on the app would.
 */

// The mail server listens before the app is built: useTestApp's beforeAll runs after useMailServer's.
const mail = useMailServer();
const env = () => ({ SMTP_URL: mail.url });
const t = useTestApp({ env });
let admin: TestClient;
let member: TestClient;
let taskId: string;

const controlMessage = 'Text cannot contain control characters.';

// The base of the hostile corpus (its fields, in this order): written out, not taskInput(), so that the corpus stays as it is.
const emailTask = {
  name: 'Morning brief',
  description: 'News digest',
  provider: 'openai',
  model: 'gpt-5-mini',
  scheduleType: 'daily',
  localTime: '07:00',
  startDate: '2026-07-01',
  timezone: 'Europe/Berlin',
  prompt: { input: 'Summarise the AI news of the day in five bullet points.', temperature: 1, searchEnabled: true },
  deliveryMethod: 'email',
  deliveryConfig: { email: 'ada@example.com' },
};

const webhookTask = {
  name: 'Hourly pulse',
  provider: 'openai',
  model: 'gpt-4.1-mini',
  scheduleType: 'custom',
  // Hourly: the member is on Free, which runs a task at most every 60 minutes.
  customCron: '0 * * * *',
  timezone: 'UTC',
  prompt: { input: 'Give me one motivating sentence.', temperature: 0.7 },
  deliveryMethod: 'webhook',
  deliveryConfig: { webhookUrl: 'https://hooks.example.com/pulse' },
};

let requestNumber = 0;

/** A raw request: the body is JSON text as given, so `__proto__` keys and deep nesting arrive as sent. */
async function send(
  method: string,
  path: string,
  { body, client }: { body?: string | ReadableStream<Uint8Array>; client?: TestClient } = {},
) {
  requestNumber += 1;
  // A fresh client address per request keeps the per-address sign-in limits from hiding what validation answers.
  const headers: Record<string, string> = {
    Origin: testAppUrl,
    'X-Forwarded-For': `198.18.${Math.floor(requestNumber / 250) % 250}.${requestNumber % 250}`,
  };
  if (client?.cookieHeader) headers.Cookie = client.cookieHeader;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await t.app.request(path, {
    method,
    headers,
    body,
    ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit);
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = text;
  }
  return { status: response.status, body: json };
}

async function taskCount(): Promise<number> {
  const [row] = await t.db.select({ total: count() }).from(tasks);
  return row?.total ?? 0;
}

async function userCount(): Promise<number> {
  const [row] = await t.db.select({ total: count() }).from(user);
  return row?.total ?? 0;
}

function expectRefusedOrAccepted(label: string, response: Awaited<ReturnType<typeof send>>) {
  expect(response.status, `${label}: ${JSON.stringify(response.body).slice(0, 300)}`).toBeLessThan(500);
  if (response.status >= 400) {
    expect(response.body, label).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
  }
}

beforeAll(async () => {
  // Ada administers the install (its first account), Mel is a member on Free.
  ({ client: admin } = await t.signIn({ name: 'Ada Admin', email: 'admin@example.com', role: 'admin' }));
  ({ client: member } = await t.signIn({ name: 'Mel Member', email: 'member@example.com' }));
  const { task } = await member.expectOk(taskResponseSchema, '/api/tasks', { method: 'POST', body: emailTask, status: 201 });
  taskId = task.id;
});

function validationFailed(field: string, message = controlMessage) {
  return { error: { code: 'validation_failed', message, fields: { [field]: message } } };
}

describe('control characters and lone surrogates are refused as invalid input', () => {
  it.each([
    ['name', 'Morning\u0000brief'],
    ['description', 'Digest\u0000'],
    ['model', 'gpt-5-mini\u0000'],
    ['timezone', 'Europe/Berlin\u0000'],
    ['deliveryConfig.email', 'ada\u0000@example.com'],
    ['prompt.input', 'Summarise the news \ud800 of the day.'],
    ['name', 'Bell\u0007'],
  ])('a task with a bad %s: 400, nothing written', async (field, value) => {
    const before = await taskCount();
    const created = await send('POST', '/api/tasks', { client: member, body: withField(emailTask, field, JSON.stringify(value)) });
    expect(created).toEqual({ status: 400, body: validationFailed(field) });
    const updated = await send('PUT', `/api/tasks/${taskId}`, { client: member, body: withField(emailTask, field, JSON.stringify(value)) });
    expect(updated).toEqual({ status: 400, body: validationFailed(field) });
    expect(await taskCount()).toBe(before);
    const [stored] = await t.db.select().from(tasks).where(eq(tasks.id, taskId));
    expect(stored?.name).toBe(emailTask.name);
  });

  it.each([
    ['customCron', '*/30 * * * *\u0000'],
    ['deliveryConfig.webhookUrl', 'https://hooks.example.com/\u0000'],
  ])('a webhook task with a bad %s: 400', async (field, value) => {
    const created = await send('POST', '/api/tasks', { client: member, body: withField(webhookTask, field, JSON.stringify(value)) });
    expectStatus(created, 400);
    expect(errorOf(created).fields?.[field]).toBe(controlMessage);
  });

  it('keeps line breaks and tabs in the prompt and the description', async () => {
    const created = await member.request('/api/tasks', {
      method: 'POST',
      body: {
        ...emailTask,
        description: 'Line one\r\n\tLine two',
        prompt: { ...emailTask.prompt, input: 'First line of the prompt\nSecond line' },
      },
    });
    expectStatus(created, 201);
    await member.request(`/api/tasks/${created.body.task.id}`, { method: 'DELETE' });
  });

  it('the history search and the task search', async () => {
    expect(await send('GET', '/api/runs?q=a%00b', { client: member })).toEqual({ status: 400, body: validationFailed('q') });
    expect(await send('GET', '/api/tasks?search=a%00b', { client: member })).toEqual({ status: 400, body: validationFailed('search') });
  });

  it('the profile name', async () => {
    expect(await send('PATCH', '/api/me', { client: member, body: JSON.stringify({ fullName: 'Mel\u0000' }) })).toEqual({
      status: 400,
      body: validationFailed('fullName'),
    });
  });

  it.each([
    ['/api/auth/sign-up/email', { name: 'Nul Person', email: 'nul\u0000@example.com', password: strongPassword }, 'email'],
    ['/api/auth/sign-up/email', { name: 'Nul\u0000Person', email: 'nul@example.com', password: strongPassword }, 'name'],
    [
      '/api/auth/sign-up/email',
      { name: 'Nul Person', fullName: 'Nul\u0000Person', email: 'nul@example.com', password: strongPassword },
      'fullName',
    ],
    ['/api/auth/sign-in/email', { email: 'member\u0000@example.com', password: strongPassword }, 'email'],
    ['/api/auth/request-password-reset', { email: 'member@example.com\u0000' }, 'email'],
    ['/api/auth/reset-password', { token: 'abc\u0000', newPassword: strongPassword }, 'token'],
    ['/api/auth/invitation/accept', { token: '\u0000' }, 'token'],
    ['/api/auth/invitation/accept', { token: '\ud800' }, 'token'],
  ])('%s with a bad %o', async (path, body, field) => {
    const users = await userCount();
    const response = await send('POST', path, { body: JSON.stringify(body) });
    expect(response).toEqual({ status: 400, body: validationFailed(field as string) });
    expect(await userCount()).toBe(users);
  });

  it('a start date PostgreSQL has no day for', async () => {
    const before = await taskCount();
    const created = await send('POST', '/api/tasks', { client: member, body: withField(emailTask, 'startDate', '"0000-01-01"') });
    expect(created).toEqual({ status: 400, body: validationFailed('startDate', 'Please enter a start date.') });
    expect(await taskCount()).toBe(before);
  });
});

describe('request bodies over 1 MB', () => {
  const tooLarge = { status: 413, body: { error: { code: 'payload_too_large', message: 'The request body is larger than 1 MB.' } } };
  const twoMegabytes = 'x'.repeat(2 * 1024 * 1024);

  it('a 2 MB sign-in and a 2 MB task answer 413', async () => {
    expect(
      await send('POST', '/api/auth/sign-in/email', { body: JSON.stringify({ email: 'member@example.com', password: twoMegabytes }) }),
    ).toEqual(tooLarge);
    const before = await taskCount();
    expect(await send('POST', '/api/tasks', { client: member, body: JSON.stringify({ ...emailTask, description: twoMegabytes }) })).toEqual(
      tooLarge,
    );
    expect(await taskCount()).toBe(before);
  });

  /** 2 MB in 64 KB chunks, counting what the server pulled. */
  function streamOfTwoMegabytes() {
    const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
    const pulled = { bytes: 0 };
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled.bytes >= 2 * 1024 * 1024) return controller.close();
        pulled.bytes += chunk.length;
        controller.enqueue(chunk);
      },
    });
    return { stream, pulled };
  }

  it('refuses a declared length over 1 MB without reading the body', async () => {
    const { stream, pulled } = streamOfTwoMegabytes();
    const response = await t.app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { Origin: testAppUrl, 'Content-Type': 'application/json', 'Content-Length': String(2 * 1024 * 1024) },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expectStatus(response, 413);
    expect(pulled.bytes).toBeLessThan(1024 * 1024);
  });

  it('stops a chunked body without a length as soon as it passes 1 MB', async () => {
    const { stream, pulled } = streamOfTwoMegabytes();
    expect(await send('POST', '/api/tasks', { client: member, body: stream })).toEqual(tooLarge);
    expect(pulled.bytes).toBeLessThan(1.2 * 1024 * 1024);
  });
});

describe('sign-up, temperature and lengths', () => {
  it('validates fullName at sign-up as the profile does, and ignores fields it does not take', async () => {
    const short = await send('POST', '/api/auth/sign-up/email', {
      body: JSON.stringify({ name: 'Short Name', fullName: 'A', email: 'short@example.com', password: strongPassword }),
    });
    expect(short).toEqual({ status: 400, body: validationFailed('fullName', 'Name must be at least 2 characters.') });
    const typed = await send('POST', '/api/auth/sign-up/email', {
      body: JSON.stringify({ name: 'Typed Name', fullName: 42, email: 'typed@example.com', password: strongPassword }),
    });
    expectStatus(typed, 400);
    expect(errorOf(typed).fields).toEqual({ fullName: 'Please enter your name.' });

    const extra = await send('POST', '/api/auth/sign-up/email', {
      body: JSON.stringify({
        name: 'Eve Extra',
        email: 'eve@example.com',
        password: strongPassword,
        role: 'admin',
        invited: true,
        hasSetPassword: false,
        image: 'https://evil.example/x.png',
        banned: true,
      }),
    });
    expectStatus(extra, 200);
    const [stored] = await t.db.select().from(user).where(eq(user.email, 'eve@example.com'));
    expect(stored).toMatchObject({ role: 'user', invited: false, hasSetPassword: true, image: null, fullName: 'Eve Extra' });
    expect(stored?.banned ?? false).toBe(false);
  });

  it.each([['""'], ['null'], ['true'], ['[]'], ['"1"']])('a task temperature of %s is refused', async (value) => {
    const created = await send('POST', '/api/tasks', { client: member, body: withField(emailTask, 'prompt.temperature', value) });
    expect(created).toEqual({ status: 400, body: validationFailed('prompt.temperature', 'Temperature must be between 0 and 2.') });
  });

  it('limits e-mail addresses to 254 characters and webhook URLs to 2,048', async () => {
    const email = await send('POST', '/api/tasks', {
      client: member,
      body: withField(emailTask, 'deliveryConfig.email', JSON.stringify(hostileStrings.longEmail)),
    });
    expect(email).toEqual({ status: 400, body: validationFailed('deliveryConfig.email', 'Email address must be at most 254 characters.') });
    const url = await send('POST', '/api/tasks', {
      client: member,
      body: withField(webhookTask, 'deliveryConfig.webhookUrl', JSON.stringify(hostileStrings.longUrl)),
    });
    expect(url).toEqual({
      status: 400,
      body: validationFailed('deliveryConfig.webhookUrl', 'Webhook URL must be at most 2,048 characters.'),
    });
    const signUp = await send('POST', '/api/auth/sign-up/email', {
      body: JSON.stringify({ name: 'Long Mail', email: hostileStrings.longEmail, password: strongPassword }),
    });
    expect(signUp).toEqual({ status: 400, body: validationFailed('email', 'Email address must be at most 254 characters.') });
  });
});

describe('schedules that never fire', () => {
  it.each([
    ['customCron', withField(webhookTask, 'customCron', '"0 0 30 2 *"')],
    ['startDate', withField(emailTask, 'startDate', '"9999-12-31"')],
  ])('are refused at save (%s)', async (field, body) => {
    const before = await taskCount();
    expect(await send('POST', '/api/tasks', { client: member, body })).toEqual({
      status: 400,
      body: validationFailed(field, 'This schedule never fires.'),
    });
    expect(await send('PUT', `/api/tasks/${taskId}`, { client: member, body })).toEqual({
      status: 400,
      body: validationFailed(field, 'This schedule never fires.'),
    });
    expect(await taskCount()).toBe(before);
  });
});

describe('webhooks to private or local addresses', () => {
  const refused = validationFailed('deliveryConfig.webhookUrl', 'Webhooks to private or local addresses are not allowed.');

  it.each([
    'http://127.0.0.1:8080/hook',
    'http://[::1]/hook',
    'http://[::ffff:7f00:1]/',
    'http://[::127.0.0.1]/',
    'http://10.0.0.5/',
    'http://169.254.169.254/latest',
    'http://localhost:3000/',
    'http://api.localhost/',
  ])('%s is refused at save', async (url) => {
    const before = await taskCount();
    const body = withField(webhookTask, 'deliveryConfig.webhookUrl', JSON.stringify(url));
    expect(await send('POST', '/api/tasks', { client: member, body })).toEqual({ status: 400, body: refused });
    expect(await send('PUT', `/api/tasks/${taskId}`, { client: member, body })).toEqual({ status: 400, body: refused });
    expect(await taskCount()).toBe(before);
  });

  it('are allowed with ALLOW_PRIVATE_WEBHOOKS=true', async () => {
    const { app: permissive } = await createTestApp({ database: t.database, env: { ALLOW_PRIVATE_WEBHOOKS: 'true' } });
    const owner = new TestClient(permissive, '198.51.100.9');
    expect((await owner.signIn('member@example.com', strongPassword)).status).toBe(200);
    const created = await owner.request('/api/tasks', {
      method: 'POST',
      body: { ...webhookTask, deliveryConfig: { webhookUrl: 'http://127.0.0.1:8080/hook' } },
    });
    expectStatus(created, 201);
    await owner.request(`/api/tasks/${created.body.task.id}`, { method: 'DELETE' });
  });
});

describe('the hostile corpus against every mutating route', () => {
  const encodedQuery = (value: string) => {
    try {
      return encodeURIComponent(value);
    } catch {
      return '%ED%A0%80'; // a lone surrogate cannot be encoded: its bytes as a CESU-8 sequence instead
    }
  };
  const hostileIds = [
    '%00',
    '%ED%A0%80',
    'a'.repeat(5_000),
    '__proto__',
    'constructor',
    '..%2F..%2Fapi%2Fme',
    '00000000-0000-0000-0000-000000000000',
  ];

  it('task create and update: no 5xx, refusals in the error shape, nothing written when refused', async () => {
    const fields = Object.keys(emailTask).concat([
      'prompt.input',
      'prompt.temperature',
      'prompt.searchEnabled',
      'deliveryConfig.email',
      'deliveryConfig.webhookUrl',
      'customCron',
    ]);
    const cases: [string, string][] = [];
    for (const field of fields)
      for (const [name, value] of Object.entries(hostileJsonValues)) cases.push([`${field}=${name}`, withField(emailTask, field, value)]);
    for (const field of ['customCron', 'scheduleType', 'deliveryConfig.webhookUrl']) {
      for (const [name, value] of Object.entries(hostileJsonValues))
        cases.push([`webhook ${field}=${name}`, withField(webhookTask, field, value)]);
    }
    for (const [name, body] of Object.entries(hostileBodies)) cases.push([`body=${name}`, body]);

    for (const [label, body] of cases) {
      const before = await taskCount();
      const created = await send('POST', '/api/tasks', { client: member, body });
      expectRefusedOrAccepted(`POST ${label}`, created);
      expect(await taskCount(), `POST ${label}`).toBe(created.status === 201 ? before + 1 : before);
      const [stored] = await t.db.select({ updatedAt: tasks.updatedAt }).from(tasks).where(eq(tasks.id, taskId));
      const updated = await send('PUT', `/api/tasks/${taskId}`, { client: member, body });
      expectRefusedOrAccepted(`PUT ${label}`, updated);
      if (updated.status >= 400) {
        const [after] = await t.db.select({ updatedAt: tasks.updatedAt }).from(tasks).where(eq(tasks.id, taskId));
        expect(after?.updatedAt, `PUT ${label} wrote`).toEqual(stored?.updatedAt);
      }
    }
  });

  it('task actions and deletion with hostile ids and bodies', async () => {
    for (const id of hostileIds) {
      for (const [method, suffix] of [
        ['POST', '/pause'],
        ['POST', '/resume'],
        ['POST', '/webhook-secret'],
        ['POST', '/runs'],
        ['DELETE', ''],
        ['PUT', ''],
        ['GET', ''],
      ] as const) {
        expectRefusedOrAccepted(
          `${method} ${id}${suffix}`,
          await send(method, `/api/tasks/${id}${suffix}`, {
            client: member,
            body: method === 'PUT' ? JSON.stringify(emailTask) : undefined,
          }),
        );
      }
    }
    for (const [name, body] of Object.entries(hostileBodies)) {
      for (const suffix of ['/pause', '/resume', '/webhook-secret']) {
        expectRefusedOrAccepted(
          `POST ${suffix} body=${name}`,
          await send('POST', `/api/tasks/${taskId}${suffix}`, { client: member, body }),
        );
      }
    }
  });

  it('searches', async () => {
    for (const [name, value] of Object.entries(hostileStrings)) {
      expectRefusedOrAccepted(`q=${name}`, await send('GET', `/api/runs?q=${encodedQuery(value)}`, { client: member }));
      expectRefusedOrAccepted(`search=${name}`, await send('GET', `/api/tasks?search=${encodedQuery(value)}`, { client: member }));
      expectRefusedOrAccepted(`cursor=${name}`, await send('GET', `/api/tasks?cursor=${encodedQuery(value)}`, { client: member }));
      expectRefusedOrAccepted(`date=${name}`, await send('GET', `/api/runs?range=date&date=${encodedQuery(value)}`, { client: member }));
      expectRefusedOrAccepted(
        `timezone=${name}`,
        await send('GET', `/api/runs?range=date&date=2026-01-01&timezone=${encodedQuery(value)}`, { client: member }),
      );
    }
  });

  it('profile, password, settings and the administrator invitation', async () => {
    const routes: [string, string, Record<string, unknown>, string[], TestClient][] = [
      ['PATCH', '/api/me', { fullName: 'Mel Member' }, ['fullName'], member],
      ['POST', '/api/me/password', { password: strongPassword }, ['password'], member],
      [
        'PUT',
        '/api/me/settings',
        {
          notifications: { taskCompletion: true, taskErrors: true, weeklyDigest: false },
          defaultSchedule: { type: 'daily', time: '09:00', timezone: 'UTC' },
        },
        [
          'notifications',
          'notifications.taskCompletion',
          'defaultSchedule',
          'defaultSchedule.type',
          'defaultSchedule.time',
          'defaultSchedule.timezone',
        ],
        member,
      ],
      ['POST', '/api/admin/users', { email: 'invitee@example.com', name: 'Ivy Invitee' }, ['email', 'name'], admin],
    ];
    for (const [method, path, base, fields, client] of routes) {
      for (const field of fields) {
        for (const [name, value] of Object.entries(hostileJsonValues)) {
          const body = withField(
            path === '/api/admin/users' ? { ...base, email: `invitee${requestNumber}@example.com` } : base,
            field,
            value,
          );
          expectRefusedOrAccepted(`${method} ${path} ${field}=${name}`, await send(method, path, { client, body }));
        }
      }
      for (const [name, body] of Object.entries(hostileBodies))
        expectRefusedOrAccepted(`${method} ${path} body=${name}`, await send(method, path, { client, body }));
    }
  });

  // One test per route: each answer of sign-up and sign-in hashes a password, which takes its time: a hundred and more
  // of them, beside the other suites on two cores, take longer than the minute an ordinary test gets.
  it.each<[string, (n: number) => Record<string, unknown>, string[]]>([
    [
      '/api/auth/sign-up/email',
      (n) => ({ name: 'Hostile Tester', email: `signup${n}@example.com`, password: strongPassword }),
      ['name', 'fullName', 'email', 'password', 'image', 'role'],
    ],
    [
      '/api/auth/sign-in/email',
      (n) => ({ email: `nobody${n}@example.com`, password: strongPassword }),
      ['email', 'password', 'rememberMe'],
    ],
    [
      '/api/auth/request-password-reset',
      (n) => ({ email: `nobody${n}@example.com`, redirectTo: '/reset-password' }),
      ['email', 'redirectTo'],
    ],
    ['/api/auth/reset-password', () => ({ token: 'not-a-real-token', newPassword: strongPassword }), ['token', 'newPassword']],
    ['/api/auth/invitation/accept', () => ({ token: 'not-a-real-token' }), ['token']],
  ])(
    '%s, signed out',
    async (path, base, fields) => {
      for (const field of fields) {
        for (const [name, value] of Object.entries(hostileJsonValues)) {
          expectRefusedOrAccepted(
            `${path} ${field}=${name}`,
            await send('POST', path, { body: withField(base(requestNumber), field, value) }),
          );
        }
      }
      for (const [name, body] of Object.entries(hostileBodies))
        expectRefusedOrAccepted(`${path} body=${name}`, await send('POST', path, { body }));
    },
    180_000,
  );
});
