import createClient, { type ClientOptions } from 'openapi-fetch';
import type { components, operations, paths } from './openapi-types';

/**
 * The typed client of the Promptcron API, generated from its OpenAPI document (ADR 0115): every path, parameter,
 * body and answer typed by operation. Scripts pass an API key; the integration tests pass the app's own `fetch`.
 *
 *   const api = createApiClient({ baseUrl: 'https://cron.example.com', apiKey: process.env.PROMPTCRON_API_KEY });
 *   const { data, error } = await api.GET('/api/tasks/{id}', { params: { path: { id } } });
 */
export function createApiClient({ apiKey, headers, ...options }: ClientOptions & { apiKey?: string } = {}) {
  return createClient<paths>({
    ...options,
    headers: { ...(apiKey ? { Authorization: `Bearer ${apiKey}` } : {}), ...(headers as Record<string, string> | undefined) },
  });
}

export type ApiClient = ReturnType<typeof createApiClient>;
export type ApiSchemas = components['schemas'];
export type { operations as ApiOperations, paths as ApiPaths };
