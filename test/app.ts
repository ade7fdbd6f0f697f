import { createApp } from '#server/app';
import type { AppDeps } from '#server/app-env';
import { createAppDeps } from '#server/deps';
import { loadEnv } from '#server/env';
import type { Logger } from '#server/logger';
import type { Mailer } from '#server/mail/mailer';
import { testLogger, type TestDatabase } from './database';

// Server tests import the password with the client that signs up with it.
import { strongPassword } from './fixtures';

export { strongPassword };

export const testAppUrl = 'http://localhost:3999';

/** The real app on a test database, with the environment a test needs on top of the embedded defaults. */
export async function createTestApp({
  database,
  env = {},
  mailer,
  logger = testLogger,
}: {
  database: TestDatabase;
  env?: Record<string, string>;
  mailer?: Mailer;
  logger?: Logger;
}) {
  const deps: AppDeps = await createAppDeps({
    env: loadEnv({
      APP_URL: testAppUrl,
      TRUST_PROXY: 'true',
      AUTH_SECRET: 'test-secret-that-is-at-least-32-characters',
      DATA_DIR: '/tmp/promptcron-test-data',
      ...env,
    }),
    logger,
    pool: database.pool,
    db: database.db,
    mailer,
  });
  database.beforeDrop(() => deps.userChanges.close());
  return { app: createApp({ deps }), deps };
}

type App = Awaited<ReturnType<typeof createTestApp>>['app'];

/**
 * A browser-like client of the app: keeps the session cookie between calls and sends the Origin header a browser
 * would, so the API's origin checks apply as in production.
 */
export class TestClient {
  private cookies = new Map<string, string>();

  constructor(
    private readonly app: App,
    readonly ip = '203.0.113.10',
    /** The page's origin: the app's own unless a test serves it elsewhere (an https APP_URL). */
    readonly origin = testAppUrl,
  ) {}

  private headers(): Record<string, string> {
    const headers: Record<string, string> = { Origin: this.origin, 'X-Forwarded-For': this.ip };
    if (this.cookies.size) headers.Cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    return headers;
  }

  /** The raw response, body unread: for streams such as `GET /api/events`. */
  open(path: string): Promise<Response> {
    return Promise.resolve(this.app.request(path, { headers: this.headers() }));
  }

  /**
   * `headers` replace the browser-like ones; `undefined` leaves one out, e.g. `{ Origin: undefined }` for a request
   * that the CSRF rule must refuse.
   */
  async request(
    path: string,
    {
      method = 'GET',
      body,
      headers: replaced = {},
    }: { method?: string; body?: unknown; headers?: Record<string, string | undefined> } = {},
  ) {
    const headers = this.headers();
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    for (const [name, value] of Object.entries(replaced)) {
      if (value === undefined) delete headers[name];
      else headers[name] = value;
    }
    const response = await this.app.request(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const [name = '', value = ''] = pair.split('=');
      if (/max-age=0/i.test(cookie) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await response.text();
    // Tests assert on bodies with toMatchObject/toEqual; a loose type keeps them readable.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : null) as any };
  }

  signUp(input: { name: string; email: string; password: string }) {
    return this.request('/api/auth/sign-up/email', { method: 'POST', body: input });
  }

  signIn(email: string, password: string) {
    return this.request('/api/auth/sign-in/email', { method: 'POST', body: { email, password } });
  }

  /** The Cookie header this client sends, to replay its session elsewhere (another API process, a stolen cookie). */
  get cookieHeader(): string {
    return this.headers().Cookie ?? '';
  }

  get hasSession(): boolean {
    return [...this.cookies.keys()].some((name) => name.includes('session_token'));
  }
}

/**
 * A new account signed up through the API, as a browser at `ip` would: its client (holding the session) and its user
 * id. The e-mail is made from the name unless given, so each test names its users distinctly.
 */
export async function signUpTestUser(
  app: App,
  { name, ip, email = `${name.toLowerCase().replace(/\W/g, '')}@example.com` }: { name: string; ip?: string; email?: string },
) {
  const client = new TestClient(app, ip);
  await client.signUp({ name, email, password: strongPassword });
  const me = await client.request('/api/me');
  return { client, email, userId: me.body.user.id as string };
}

/** A request as a script makes it with an API key (issue 22): `Authorization: Bearer`, no cookie, no Origin. */
export async function requestWithKey(
  app: App,
  key: string,
  path: string,
  { method = 'GET', body, headers = {} }: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const response = await app.request(path, {
    method,
    headers: { Authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : null) as any };
}
