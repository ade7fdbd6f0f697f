import { describe, expect, it } from 'vitest';
import { apiDocument } from './api-routes';

/**
 * The OpenAPI document as an integrator's generator reads it (ADR 0114): every operation named, placed and guarded,
 * every answer its kind can give declared, and no status-like field left open. The document comes from the routes
 * themselves, so a route added later is held to the same rules.
 */

interface Operation {
  operationId?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  responses: Record<string, { description?: string; headers?: Record<string, unknown> }>;
}

const document = apiDocument({ version: '1.2.3', appUrl: 'https://cron.example.com' }) as unknown as {
  servers: { url: string }[];
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { name?: string }>; schemas: Record<string, unknown> };
};
const operations = Object.entries(document.paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, method, path, ...operation })),
);
const verbs =
  /^(get|list|create|update|replace|delete|pause|resume|run|rotate|send|set|request|download|revoke|invite|export|change|resend|suspend|unsuspend|receive|stream|unsubscribe|undo|confirm|preview|backfill|approve|leave|accept|check)[A-Z]?/;

describe('the OpenAPI document (ADR 0114)', () => {
  it('names every operation with a unique verb-noun operationId', () => {
    const ids = operations.map((operation) => operation.operationId);
    expect(ids.filter((id) => !id || !verbs.test(id))).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operations.find((operation) => operation.name === 'POST /api/tasks/{id}/runs')?.operationId).toBe('runTaskNow');
  });

  it('places every operation under a declared tag and says who may call it', () => {
    const tags = new Set(document.tags.map((tag) => tag.name));
    expect(operations.filter((operation) => !operation.tags?.length || !operation.tags.every((tag) => tags.has(tag)))).toEqual([]);
    expect(operations.filter((operation) => !Array.isArray(operation.security)).map((operation) => operation.name)).toEqual([]);
    expect(operations.find((operation) => operation.name === 'GET /api/plans')?.security).toEqual([]);
    expect(operations.find((operation) => operation.name === 'GET /api/me/settings')?.security).toEqual([{ session: [] }]);
  });

  it('is served from the deployment’s address and names the session cookie the product sets', () => {
    expect(document.servers).toEqual([expect.objectContaining({ url: 'https://cron.example.com' })]);
    expect(document.components.securitySchemes.session?.name).toBe('promptcron.session_token');
  });

  it('declares what each kind of operation can answer', () => {
    const missing: string[] = [];
    for (const operation of operations) {
      const statuses = Object.keys(operation.responses);
      const withKey = operation.security?.some((requirement) => 'apiKey' in requirement) ?? false;
      const expected = ['503'];
      if (operation.security?.length) expected.push('401');
      if (operation.path.includes('{')) expected.push('400', '404');
      if (withKey) expected.push('429');
      if (withKey && operation.method !== 'get') expected.push('403');
      if (operation.path.startsWith('/api/admin/')) expected.push('403');
      for (const status of expected) if (!statuses.includes(status)) missing.push(`${operation.name} ${status}`);
      if (withKey) {
        const headers = Object.keys(operation.responses['429']?.headers ?? {});
        if (!headers.includes('Retry-After') || !headers.includes('RateLimit-Remaining')) missing.push(`${operation.name} 429 headers`);
        const success = Object.entries(operation.responses).find(([status]) => status.startsWith('2'))?.[1];
        if (!success?.headers?.['RateLimit-Limit']) missing.push(`${operation.name} 2xx RateLimit-Limit`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('declares 403 `password_required` on every signed-in operation but the two an invited account needs first', () => {
    const beforePassword = ['GET /api/me', 'POST /api/me/password'];
    const says = (operation: Operation) => operation.responses['403']?.description?.includes('`password_required`') ?? false;
    const signedIn = operations.filter((operation) => operation.security?.length);
    expect(signedIn.filter((operation) => !beforePassword.includes(operation.name) && !says(operation)).map(({ name }) => name)).toEqual(
      [],
    );
    expect(signedIn.filter((operation) => beforePassword.includes(operation.name) && says(operation)).map(({ name }) => name)).toEqual([]);
  });

  it('closes every enum: no status-like field also takes any other text', () => {
    const open: string[] = [];
    const walk = (schema: unknown, where: string) => {
      if (!schema || typeof schema !== 'object') return;
      const { anyOf } = schema as { anyOf?: { enum?: unknown; type?: unknown }[] };
      if (anyOf?.some((branch) => branch.enum) && anyOf.some((branch) => branch.type === 'string' && !branch.enum)) open.push(where);
      for (const [key, value] of Object.entries(schema)) walk(value, `${where}.${key}`);
    };
    walk(document.components.schemas, 'components');
    walk(document.paths, 'paths');
    expect(open).toEqual([]);
    expect(document.components.schemas.Run).toMatchObject({
      properties: { status: { type: 'string', enum: ['processing', 'completed', 'error', 'skipped'] } },
    });
  });

  it('takes a prompt as the object or as plain text', () => {
    const body = document.paths['/api/tasks']?.post as unknown as {
      requestBody: { content: { 'application/json': { schema: { properties: { prompt: { anyOf: { type: string }[] } } } } } };
    };
    const forms = body.requestBody.content['application/json'].schema.properties.prompt.anyOf.map((form) => form.type);
    expect(forms).toEqual(['object', 'string']);
  });
});
