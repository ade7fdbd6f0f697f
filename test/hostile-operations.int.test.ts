import { beforeAll, describe, expect, it } from 'vitest';
import { subscriptionPlans, taskRuns } from '#server/db/schema/index';
import { createdApiKeySchema } from '#shared/api-keys/api-key.schema';
import { taskResponseSchema } from '#shared/tasks/task.schema';
import { strongPassword, testAppUrl, useTestApp, type TestClient } from './app';
import { runRow, taskInput } from './builders';
import { hostileBodies, hostileJsonValues, hostileStrings, withField } from './hostile-inputs';
import { useMailServer } from './use-mail-server';

/**
 * Issue 36: every operation of the OpenAPI document, every hostile value in every input it declares (path, query,
 * header, each body field and the whole body), from a session cookie and from an API key: never a 5xx, every refusal
 * in the API's error shape, and every status one the operation declares (ADR 0114), so a generated client knows each
 * answer it can get. The operations come from the document itself, so a route added later is probed without anyone
 * remembering to list it.
 */

const mail = useMailServer();
// Every key request counts against the key's limit; the probe makes thousands of them.
const t = useTestApp({ env: () => ({ SMTP_URL: mail.url, API_KEY_RATE_LIMIT: '100000' }) });

interface Operation {
  method: string;
  path: string;
  /** Declared parameters: `path:id`, `query:cursor`, `header:idempotency-key`. */
  parameters: { in: string; name: string }[];
  /** Dotted names of the JSON body's fields, nested objects included; undefined without a JSON body. */
  bodyFields?: string[];
  /** Whether the route reads a body that is not JSON (the Stripe webhook's signed payload). */
  rawBody: boolean;
  /** The statuses the document declares for it. */
  statuses: Set<number>;
}

interface OpenApiSchema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, OpenApiSchema>;
  anyOf?: OpenApiSchema[];
  oneOf?: OpenApiSchema[];
  allOf?: OpenApiSchema[];
}

interface OpenApiOperation {
  parameters?: { in: string; name: string }[];
  responses: Record<string, unknown>;
  requestBody?: { content: Record<string, { schema?: OpenApiSchema }> };
}

interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, OpenApiSchema> };
}

/** The event stream has no input to probe and never ends; its own suite covers it. */
const notProbed = new Set(['GET /api/events']);

function fieldsOf(document: OpenApiDocument, schema: OpenApiSchema | undefined, prefix = '', depth = 0): string[] {
  if (!schema || depth > 3) return [];
  if (schema.$ref) return fieldsOf(document, document.components?.schemas?.[schema.$ref.split('/').at(-1) ?? ''], prefix, depth);
  const branches = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
  const own = Object.entries(schema.properties ?? {}).flatMap(([name, property]) => [
    `${prefix}${name}`,
    ...fieldsOf(document, property, `${prefix}${name}.`, depth + 1),
  ]);
  return [...new Set([...own, ...branches.flatMap((branch) => fieldsOf(document, branch, prefix, depth))])];
}

function operationsOf(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => {
      const content = operation.requestBody?.content ?? {};
      const json = content['application/json'];
      return {
        method: method.toUpperCase(),
        path,
        parameters: operation.parameters ?? [],
        bodyFields: json ? fieldsOf(document, json.schema) : undefined,
        rawBody: !json && path === '/api/billing/webhook',
        statuses: new Set(Object.keys(operation.responses).map(Number)),
      };
    }),
  );
}

/** What each caller's rows are called, so that a probe of a body reaches the code behind the id check. */
interface Rows {
  taskId: string;
  runId: string;
  userId: string;
  planId: string;
}

/** A valid body for the routes whose single wrong field should be the only thing wrong. */
function baseBody(operation: Operation, rows: Rows, n: number): Record<string, unknown> {
  switch (`${operation.method} ${operation.path}`) {
    case 'POST /api/tasks':
    case 'PUT /api/tasks/{id}':
      return taskInput();
    case 'POST /api/tasks/test-delivery':
      return { name: 'Morning brief', deliveryMethod: 'email', deliveryConfig: { email: 'owner@example.com' } };
    case 'PATCH /api/me':
      return { fullName: 'Mel Member' };
    case 'PUT /api/me/settings':
      return {
        notifications: { taskCompletion: true, taskErrors: true, weeklyDigest: false },
        defaultSchedule: { type: 'daily', time: '09:00', timezone: 'UTC' },
      };
    // Never the caller's own e-mail: one right field at a time must not delete the account probing it.
    case 'POST /api/me/delete-account':
      return { email: 'someone-else@example.com', password: strongPassword };
    case 'POST /api/me/api-keys':
      return { name: 'Probe', scope: 'read' };
    case 'POST /api/admin/users':
      return { email: `invitee${n}@example.com`, name: 'Ivy Invitee' };
    case 'PATCH /api/admin/users/{id}':
      return { planId: rows.planId };
    case 'POST /api/admin/plans':
      return { name: `Probe ${n}`, price: 4900, billingCycle: 'month', limits: [{ featureName: 'active_tasks', limitValue: 3 }] };
    case 'POST /api/billing/checkout':
      return { planId: rows.planId };
    default:
      return {};
  }
}

/** The row an `{id}` stands for on this path, so that body and query probes pass the lookup. */
function realId(path: string, rows: Rows): string {
  if (path.startsWith('/api/admin/users/')) return rows.userId;
  if (path.startsWith('/api/admin/plans/')) return rows.planId;
  if (path.startsWith('/api/runs/')) return rows.runId;
  return rows.taskId;
}

interface Probe {
  label: string;
  method: string;
  path: string;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  body?: string;
}

/** Every hostile value in every input of `operation`, the others left valid. */
function probesOf(operation: Operation, rows: Rows): Probe[] {
  const { method } = operation;
  const pathWith = (name: string, value: string) => operation.path.replace(`{${name}}`, value);
  const withRealIds = (path: string) => path.replace(/\{(\w+)\}/g, () => realId(operation.path, rows));
  const probes: Probe[] = [];
  const idParameters = operation.parameters.filter((parameter) => parameter.in === 'path');
  for (const { name } of idParameters) {
    for (const [valueName, value] of Object.entries(hostileStrings)) {
      probes.push({ label: `path ${name}=${valueName}`, method, path: withRealIds(pathWith(name, encodeSegment(value))) });
    }
  }
  // A deletion or an action with a real id would only do its job: the ids are probed above, the rest is read-only.
  const realPath = withRealIds(operation.path);
  const changesRealRow = idParameters.length > 0 && (method === 'DELETE' || !operation.bodyFields);
  const realOrNil = changesRealRow ? operation.path.replace(/\{(\w+)\}/g, '00000000-0000-0000-0000-000000000000') : realPath;
  for (const { in: place, name } of operation.parameters.filter((parameter) => parameter.in !== 'path')) {
    for (const [valueName, value] of Object.entries(hostileStrings)) {
      const label = `${place} ${name}=${valueName}`;
      if (place === 'query') probes.push({ label, method, path: realOrNil, query: { [name]: value } });
      else if (isHeaderValue(value)) probes.push({ label, method, path: realOrNil, headers: { [name]: value } });
    }
  }
  if (operation.bodyFields) {
    let n = 0;
    for (const field of operation.bodyFields) {
      for (const [valueName, value] of Object.entries(hostileJsonValues)) {
        n += 1;
        probes.push({
          label: `body ${field}=${valueName}`,
          method,
          path: realPath,
          body: withField(baseBody(operation, rows, n), field, value),
        });
      }
    }
  }
  if (operation.bodyFields || operation.rawBody) {
    for (const [valueName, body] of Object.entries(hostileBodies))
      probes.push({ label: `body=${valueName}`, method, path: realOrNil, body });
  }
  return probes;
}

/** A path segment as a client would send it; a lone surrogate has no UTF-8, so its CESU-8 bytes go instead. */
function encodeSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}

function encodeQuery(query: Record<string, string>): string {
  return Object.entries(query)
    .map(([name, value]) => `${name}=${encodeSegment(value)}`)
    .join('&');
}

/** Header values a client can send at all: no control characters, nothing outside Latin-1. */
function isHeaderValue(value: string): boolean {
  try {
    new Headers({ probe: value });
    return true;
  } catch {
    return false;
  }
}

let requestNumber = 0;

async function send(probe: Probe, caller: { cookie?: string; key?: string }) {
  requestNumber += 1;
  // A fresh client address per request keeps the per-address limits from hiding what validation answers.
  const headers: Record<string, string> = {
    Origin: testAppUrl,
    'X-Forwarded-For': `198.18.${Math.floor(requestNumber / 250) % 250}.${requestNumber % 250}`,
    ...probe.headers,
  };
  if (caller.cookie) headers.Cookie = caller.cookie;
  if (caller.key) headers.Authorization = `Bearer ${caller.key}`;
  if (probe.body !== undefined) headers['Content-Type'] = 'application/json';
  const url = probe.query ? `${probe.path}?${encodeQuery(probe.query)}` : probe.path;
  const response = await t.app.request(url, { method: probe.method, headers, body: probe.body });
  const text = await response.text();
  return { status: response.status, contentType: response.headers.get('content-type') ?? '', text };
}

/** Runs the probes a few at a time, as concurrent clients would, and lists every answer that breaks the rules. */
async function failuresOf(operation: Operation, probes: Probe[], caller: { cookie?: string; key?: string }): Promise<string[]> {
  const failures: string[] = [];
  const queue = [...probes];
  const worker = async () => {
    for (let probe = queue.shift(); probe; probe = queue.shift()) {
      const answer = await send(probe, caller);
      const where = `${probe.method} ${probe.path.slice(0, 80)} ${probe.label}`;
      if (answer.status >= 500) failures.push(`${where}: ${answer.status} ${answer.text.slice(0, 200)}`);
      else if (!operation.statuses.has(answer.status)) failures.push(`${where}: ${answer.status} is not declared`);
      else if (answer.status >= 400 && !isErrorShape(answer))
        failures.push(`${where}: ${answer.status} not in the error shape: ${answer.text.slice(0, 200)}`);
    }
  };
  await Promise.all(Array.from({ length: 6 }, worker));
  return failures;
}

function isErrorShape({ contentType, text }: { contentType: string; text: string }): boolean {
  if (!contentType.includes('application/json')) return false;
  try {
    const body = JSON.parse(text) as { error?: { code?: unknown; message?: unknown } };
    return typeof body.error?.code === 'string' && typeof body.error.message === 'string';
  } catch {
    return false;
  }
}

let operations: Operation[];
const callers: Record<'member' | 'admin', { client: TestClient; key: string; rows: Rows }> = {} as never;

beforeAll(async () => {
  operations = operationsOf((await (await t.app.request('/api/openapi.json')).json()) as OpenApiDocument);
  const [plan] = await t.db.insert(subscriptionPlans).values({ name: 'Probe plan', price: 900, billingCycle: 'month' }).returning();
  const { id: userId } = await t.signIn({ name: 'Vic Victim', email: 'victim@example.com' });
  for (const role of ['member', 'admin'] as const) {
    const { client, id } = await t.signIn({
      name: `Hostile ${role}`,
      email: `${role}@example.com`,
      role: role === 'admin' ? 'admin' : 'user',
    });
    const { task } = await client.expectOk(taskResponseSchema, '/api/tasks', { method: 'POST', body: taskInput(), status: 201 });
    const [run] = await t.db
      .insert(taskRuns)
      .values(runRow({ id: task.id, userId: id }))
      .returning();
    const { key } = await client.expectOk(createdApiKeySchema, '/api/me/api-keys', {
      method: 'POST',
      body: { name: 'Probe', scope: 'write' },
      status: 201,
    });
    callers[role] = { client, key, rows: { taskId: task.id, runId: run!.id, userId, planId: plan!.id } };
  }
});

describe.each(['session cookie', 'API key'] as const)('every operation of the OpenAPI document, called with a %s', (kind) => {
  it('answers every hostile value with a declared 4xx in the error shape, never a 5xx', { timeout: 600_000 }, async () => {
    const failures: string[] = [];
    let probed = 0;
    for (const operation of operations.filter((o) => !notProbed.has(`${o.method} ${o.path}`))) {
      const { client, key, rows } = callers[operation.path.startsWith('/api/admin/') ? 'admin' : 'member'];
      const probes = probesOf(operation, rows);
      probed += probes.length;
      failures.push(...(await failuresOf(operation, probes, kind === 'API key' ? { key } : { cookie: client.cookieHeader })));
    }
    expect(failures).toEqual([]);
    expect(probed).toBeGreaterThan(5_000);
  });
});
