import type { createApiClient } from './create-client.js';
import type { components, operations, paths } from './openapi-types';

/*
 * The typed client of the Promptcron API (ADR 0115), written in plain JavaScript with JSDoc types so that the command
 * line runs it without a build (ADR 0126): one client for the web's tests, scripts and the CLI.
 */
export { createApiClient } from './create-client.js';

export type ApiClient = ReturnType<typeof createApiClient>;
export type ApiSchemas = components['schemas'];
export type { operations as ApiOperations, paths as ApiPaths };
