import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '#web/testing/api-stubs';
import { jsonResponse, renderRoutes } from '#web/testing/test-utils';
import { ApiDocsRoute } from './api-docs';

const openApiDocument = {
  openapi: '3.1.0',
  info: { title: 'Promptcron API', version: '0.1.0' },
  paths: {
    '/api/tasks': {
      get: { tags: ['Tasks'], summary: 'Your tasks', security: [{ session: [] }, { apiKey: ['read'] }] },
      post: { tags: ['Tasks'], summary: 'Create a task', security: [{ session: [] }, { apiKey: ['write'] }], requestBody: { content: {} } },
    },
    '/api/tasks/{id}': {
      delete: { tags: ['Tasks'], summary: 'Delete a task', security: [{ session: [] }, { apiKey: ['write'] }] },
    },
    '/api/me/api-keys': { get: { tags: ['API keys'], summary: 'Your API keys' } },
    '/api/catalog': { get: { tags: ['Catalog'], summary: 'Providers and models', security: [] } },
  },
};

function renderApiDocs() {
  stubApi({ me: null, handlers: { 'GET /api/openapi.json': () => jsonResponse(openApiDocument) } });
  return renderRoutes([{ path: '/docs/api', Component: ApiDocsRoute }], { initialPath: '/docs/api' });
}

/** The list item of one endpoint, found by its path and summary. */
async function endpoint(summary: string) {
  const item = (await screen.findByText(summary)).closest('li');
  if (!item) throw new Error(`No endpoint "${summary}"`);
  return item;
}

describe('API reference page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows a curl example with the scope a key needs on routes that take keys', async () => {
    renderApiDocs();
    const origin = window.location.origin;

    const list = await endpoint('Your tasks');
    expect(list.textContent).toContain('API key with read scope (or write)');
    expect(within(list).getByText(/^curl /).textContent).toBe(
      `curl "${origin}/api/tasks" \\\n  -H "Authorization: Bearer $PROMPTCRON_KEY"`,
    );

    const create = await endpoint('Create a task');
    expect(create.textContent).toContain('API key with write scope, or the browser session');
    expect(within(create).getByText(/^curl /).textContent).toBe(
      [
        `curl -X POST "${origin}/api/tasks" \\`,
        '  -H "Authorization: Bearer $PROMPTCRON_KEY" \\',
        '  -H "Content-Type: application/json" \\',
        '  -d @body.json',
      ].join('\n'),
    );

    const remove = await endpoint('Delete a task');
    expect(within(remove).getByText(/^curl /).textContent).toContain(`curl -X DELETE "${origin}/api/tasks/{id}"`);
  });

  it('says which routes take the browser session only, and which need no sign-in', async () => {
    renderApiDocs();

    const keys = await endpoint('Your API keys');
    expect(keys.textContent).toContain('Browser session only: API keys are not accepted here.');
    expect(within(keys).queryByText(/^curl /)).toBeNull();
    const catalog = await endpoint('Providers and models');
    expect(catalog.textContent).toContain('Public: no sign-in needed.');
  });

  it('explains API keys: where to create them, scopes, rate limits and idempotent creates', async () => {
    renderApiDocs();

    const section = screen.getByRole('region', { name: 'Authentication' });
    expect(within(section).getByRole('link', { name: 'Settings → API Keys' }).getAttribute('href')).toBe(
      '/dashboard/settings?tab=api-keys',
    );
    for (const text of [
      'Authorization: Bearer $PROMPTCRON_KEY',
      'read',
      'write',
      'RateLimit-Limit',
      'RateLimit-Remaining',
      'RateLimit-Reset',
      'Retry-After',
      'Idempotency-Key',
    ]) {
      expect(section.textContent).toContain(text);
    }
    expect(section.textContent).toContain('429');
    await screen.findByText('Your tasks');
  });
});
