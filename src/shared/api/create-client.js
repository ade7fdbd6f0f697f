// @ts-check
import createClient from 'openapi-fetch';

/** @typedef {import('./openapi-types').paths} Paths */

/**
 * The typed client of the Promptcron API, generated from its OpenAPI document (ADR 0115): every path, parameter,
 * body and answer typed by operation. Plain JavaScript typed by JSDoc, so the command line (`bin/cli/`) runs it with
 * no build, and TypeScript reads the same types (`client.ts` re-exports it, ADR 0126). Scripts pass an API key; the
 * integration tests pass the app's own `fetch`.
 *
 *   const api = createApiClient({ baseUrl: 'https://cron.example.com', apiKey: process.env.PROMPTCRON_API_KEY });
 *   const { data, error } = await api.GET('/api/tasks/{id}', { params: { path: { id } } });
 *
 * @param {import('openapi-fetch').ClientOptions & { apiKey?: string }} [options]
 */
export function createApiClient({ apiKey, headers, ...options } = {}) {
  /** @type {typeof createClient<Paths>} */
  const create = createClient;
  return create({
    ...options,
    headers: { ...(apiKey ? { Authorization: `Bearer ${apiKey}` } : {}), .../** @type {Record<string, string> | undefined} */ (headers) },
  });
}
