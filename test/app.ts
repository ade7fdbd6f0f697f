import type { z } from 'zod';
import { createApiClient, type ApiClient } from '#shared/api/client';
import { createApp } from '#server/app';
import type { AppDeps } from '#server/app-env';
import { createAppDeps } from '#server/deps';
import { loadEnv } from '#server/env';
import type { Logger } from '#server/logger';
import type { Mailer } from '#server/mail/mailer';
import { errorResponseSchema, type ErrorResponse } from '#server/routes/errors';
import type { Database } from '#server/db/client';
import { createTestDatabase, testLogger, useOwnDatabase, type TestDatabase } from './database';
import type { Answer, AnswerWith, Method, SuccessBody, UndocumentedAnswer } from './typed-answer';
import { createTestSession, createTestUser, type TestUser, type TestUserInput } from './users';

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

export type TestApp = Awaited<ReturnType<typeof createTestApp>>['app'];
type App = TestApp;

export interface RequestOptions<M extends Method = Method> {
  method?: M;
  /** Sent as JSON. */
  body?: unknown;
  /** Replace the browser-like headers; `undefined` leaves one out. */
  headers?: Record<string, string | undefined>;
}

function unexpectedAnswer(method = 'GET', path: string, answer: { status: number; body: unknown }, expected: number | string): string {
  return `${method} ${path} answered ${answer.status} (expected ${expected}): ${JSON.stringify(answer.body)}`;
}

/**
 * A browser-like client of the app: keeps the session cookie between calls and sends the Origin header a browser
 * would, so the API's origin checks apply as in production.
 */
export class TestClient {
  private cookies = new Map<string, string>();

  /**
   * The typed API client (ADR 0115) with this browser's cookies and Origin: every path, body and answer typed by its
   * operation in the OpenAPI document.
   */
  readonly api: ApiClient;

  constructor(
    private readonly app: App,
    readonly ip = '203.0.113.10',
    /** The page's origin: the app's own unless a test serves it elsewhere (an https APP_URL). */
    readonly origin = testAppUrl,
  ) {
    this.api = createApiClient({ baseUrl: testAppUrl, fetch: (request) => Promise.resolve(this.app.request(request)) });
    this.api.use({
      onRequest: ({ request }) => {
        for (const [name, value] of Object.entries(this.headers())) request.headers.set(name, value);
        return request;
      },
      onResponse: ({ response }) => void this.keepCookies(response),
    });
  }

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
  async request<Path extends string, M extends Method = 'GET'>(
    path: Path,
    { method, body, headers: replaced = {} }: RequestOptions<M> = {},
  ): Promise<Answer<Path, M>> {
    const headers = this.headers();
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    for (const [name, value] of Object.entries(replaced)) {
      if (value === undefined) delete headers[name];
      else headers[name] = value;
    }
    const response = await this.app.request(path, {
      method: method ?? 'GET',
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    this.keepCookies(response);
    return answerOf<Answer<Path, M>>(response);
  }

  /**
   * A request the test expects to succeed, its answer parsed with the shared contract: a status other than `status`
   * (any 2xx when not given) or a body of another shape fails the test here, with the answer in the message.
   */
  async expectOk<Schema extends z.ZodType>(
    schema: Schema,
    path: string,
    { status, ...init }: RequestOptions & { status?: number } = {},
  ): Promise<z.output<Schema>> {
    const answer = await this.request(path, init);
    const expected = status === undefined ? answer.status >= 200 && answer.status < 300 : answer.status === status;
    if (!expected) throw new Error(unexpectedAnswer(init.method, path, answer, status ?? '2xx'));
    return schema.parse(answer.body);
  }

  /**
   * A request the test expects to succeed, typed by its operation: any status other than a 2xx fails the test here,
   * with the answer in the message, and the body comes back as that 2xx declares it.
   */
  async ok<Path extends string, M extends Method = 'GET'>(path: Path, init: RequestOptions<M> = {}): Promise<SuccessBody<Answer<Path, M>>> {
    return successBody(init.method, path, await this.request(path, init));
  }

  /** A request the test expects to be refused with `status`: the API's one error shape, parsed. */
  async expectError(path: string, { status, ...init }: RequestOptions & { status: number }): Promise<ErrorResponse> {
    const answer = await this.request(path, init);
    if (answer.status !== status) throw new Error(unexpectedAnswer(init.method, path, answer, status));
    return errorResponseSchema.parse(answer.body);
  }

  private keepCookies(response: Response): void {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const [name = '', value = ''] = pair.split('=');
      if (/max-age=0/i.test(cookie) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /** Adds a cookie as a browser that was handed it would hold it (a session made in the database). */
  setCookie(name: string, value: string): void {
    this.cookies.set(name, value);
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

export interface KeyRequestOptions<M extends Method = Method> {
  method?: M;
  /** Sent as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
}

/** A request as a script makes it with an API key (issue 22): `Authorization: Bearer`, no cookie, no Origin. */
export async function requestWithKey<Path extends string, M extends Method = 'GET'>(
  app: App,
  key: string,
  path: Path,
  { method, body, headers = {} }: KeyRequestOptions<M> = {},
): Promise<Answer<Path, M>> {
  const response = await app.request(path, {
    method: method ?? 'GET',
    headers: {
      Authorization: `Bearer ${key}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return answerOf<Answer<Path, M>>(response);
}

/** `requestWithKey` for a request the test expects to succeed, as `TestClient.ok` does for a browser. */
export async function okWithKey<Path extends string, M extends Method = 'GET'>(
  app: App,
  key: string,
  path: Path,
  init: KeyRequestOptions<M> = {},
): Promise<SuccessBody<Answer<Path, M>>> {
  return successBody(init.method, path, await requestWithKey(app, key, path, init));
}

/** The body of a 2xx answer, as its operation declares it; any other status fails the test with the answer. */
function successBody<A extends UndocumentedAnswer>(method: Method | undefined, path: string, answer: A): SuccessBody<A> {
  if (answer.status < 200 || answer.status >= 300) throw new Error(unexpectedAnswer(method, path, answer, '2xx'));
  return answer.body as SuccessBody<A>;
}

/**
 * The answer as its operation in the OpenAPI document types it: the body is parsed JSON, trusted to the declared type
 * here and checked where it matters (`expectOk`, the document's own tests, `test/openapi-schema.ts`).
 */
async function answerOf<Typed extends UndocumentedAnswer>(response: Response): Promise<Typed> {
  const text = await response.text();
  const body: unknown = text ? JSON.parse(text) : null;
  return { status: response.status, headers: response.headers, body } as Typed;
}

/**
 * Fails the test unless `answer` has `status`, with the body in the message, and narrows the answer to that status:
 * `expectStatus(created, 201)` makes `created.body` the created task. A status the operation does not declare does
 * not compile.
 */
export function expectStatus<A extends { status: number; body: unknown }, S extends A['status']>(
  answer: A,
  status: S,
): asserts answer is AnswerWith<A, S> {
  if (answer.status !== status) throw new Error(`answered ${answer.status} (expected ${status}): ${JSON.stringify(answer.body)}`);
}

/**
 * The API's one error shape, parsed from an answer the document does not type (better-auth's `/api/auth/*`): it fails
 * the test unless the body is that shape, and keeps every field, so `toEqual` on the error still sees an extra one.
 */
export function errorOf(answer: { body: unknown }): ErrorResponse['error'] {
  return answeredErrorSchema.parse(answer.body).error;
}

const answeredErrorSchema = errorResponseSchema.extend({ error: errorResponseSchema.shape.error.loose() }).loose();

/** A user of the app under test, signed in with a session of their own. */
export interface SignedInUser extends TestUser {
  client: TestClient;
}

export interface UseTestAppOptions {
  /**
   * Variables on top of the test defaults (`createTestApp`). A function is called when the app is built, in the
   * file's beforeAll, so it can name servers that an earlier beforeAll started (a mail server, a model).
   */
  env?: Record<string, string> | (() => Record<string, string>);
  /** Likewise a function for a mailer made in an earlier beforeAll. */
  mailer?: Mailer | (() => Mailer);
  /** The app's logger, for a test of what it logs; silent otherwise. */
  logger?: Logger;
  maxConnections?: number;
}

export interface TestAppContext {
  database: TestDatabase;
  db: Database;
  app: TestApp;
  deps: AppDeps;
  /** A user made in the database (no sign-up form, no rate limit) and a client holding their session. */
  signIn(input?: TestUserInput & { ip?: string }): Promise<SignedInUser>;
  /** A browser with no session, at `ip`. */
  visitor(ip?: string): TestClient;
}

/**
 * The one setup of an integration suite: a database of its own (a copy of the migrated template), the real app on
 * it, and its teardown, registered as the file's beforeAll and afterAll. Its fields are there once beforeAll ran.
 */
export function useTestApp(options: UseTestAppOptions = {}): TestAppContext {
  const ready = useOwnDatabase('useTestApp', async () => {
    const database = await createTestDatabase({ maxConnections: options.maxConnections });
    const env = typeof options.env === 'function' ? options.env() : options.env;
    const mailer = typeof options.mailer === 'function' ? options.mailer() : options.mailer;
    return { database, ...(await createTestApp({ database, env, mailer, logger: options.logger })) };
  });
  return {
    get database() {
      return ready().database;
    },
    get db() {
      return ready().database.db;
    },
    get app() {
      return ready().app;
    },
    get deps() {
      return ready().deps;
    },
    signIn: (input = {}) => signInTestUser(ready(), input),
    visitor: (ip) => new TestClient(ready().app, ip),
  };
}

let addresses = 0;

/** A user made in `database` and a client of `app` holding a fresh session of theirs. */
export async function signInTestUser(
  { database, app, deps }: { database: TestDatabase; app: TestApp; deps: AppDeps },
  { ip, ...input }: TestUserInput & { ip?: string } = {},
): Promise<SignedInUser> {
  const created = await createTestUser(database.db, input);
  // Each user comes from an address of their own, as people do: per-address limits stay per test user.
  const client = new TestClient(app, ip ?? `198.51.100.${(addresses = (addresses % 250) + 1)}`);
  const { authCookies, secret } = await deps.auth.$context;
  const cookie = await createTestSession(
    database.db,
    { name: authCookies.sessionToken.name, secret },
    { userId: created.id, ip: client.ip },
  );
  client.setCookie(cookie.name, cookie.value);
  return { ...created, client };
}
