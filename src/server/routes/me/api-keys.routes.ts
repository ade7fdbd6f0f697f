import { createRoute, z } from '@hono/zod-openapi';
import type { RouteHandler } from '@hono/zod-openapi';
import {
  apiKeyListSchema,
  apiKeySchema,
  createApiKeyInputSchema,
  createdApiKeySchema,
  updateApiKeyInputSchema,
} from '#shared/api-keys/api-key.schema';
import type { AppEnv } from '../../app-env';
import { createApiKey, listApiKeys, revokeApiKey, updateApiKey } from '../../core/api-keys/manage-api-keys';
import { requireUser } from '../auth/session-middleware';
import { createRouter } from '../create-router';
import { errorJson, json, jsonBody, sessionOnly } from '../openapi';

/**
 * Settings → API Keys (issue 22). Only the session cookie manages keys: a key cannot make, list or revoke keys, so a
 * leaked one cannot make itself permanent.
 */
const signedOut = errorJson('Not signed in (an API key is not accepted here)');

export const listApiKeysRoute = createRoute({
  operationId: 'listApiKeys',
  security: sessionOnly,
  method: 'get',
  path: '/api/me/api-keys',
  tags: ['API keys'],
  summary: 'Your API keys, newest first (never the keys themselves)',
  middleware: [requireUser] as const,
  responses: { 200: json(apiKeyListSchema, 'The keys'), 401: signedOut },
});

export const createApiKeyRoute = createRoute({
  operationId: 'createApiKey',
  security: sessionOnly,
  method: 'post',
  path: '/api/me/api-keys',
  tags: ['API keys'],
  summary: 'Create an API key; the answer holds the key, shown this once',
  middleware: [requireUser] as const,
  request: { body: jsonBody(createApiKeyInputSchema) },
  responses: {
    201: json(createdApiKeySchema, 'The key’s details and the key (`pc_` + 43 characters)'),
    400: errorJson('A field breaks a rule'),
    401: signedOut,
    409: errorJson('Already 50 keys (`api_key_limit`)'),
  },
});

export const updateApiKeyRoute = createRoute({
  operationId: 'updateApiKey',
  security: sessionOnly,
  method: 'patch',
  path: '/api/me/api-keys/{id}',
  tags: ['API keys'],
  summary: 'Change whether tasks the key creates need your approval (ADR 0125)',
  middleware: [requireUser] as const,
  request: { params: z.object({ id: z.uuid({ error: 'API key not found' }) }), body: jsonBody(updateApiKeyInputSchema) },
  responses: {
    200: json(z.object({ apiKey: apiKeySchema }), 'The key’s details'),
    400: errorJson('A field breaks a rule'),
    401: signedOut,
    404: errorJson('No such key among yours'),
  },
});

export const revokeApiKeyRoute = createRoute({
  operationId: 'revokeApiKey',
  security: sessionOnly,
  method: 'delete',
  path: '/api/me/api-keys/{id}',
  tags: ['API keys'],
  summary: 'Revoke an API key: requests with it answer 401 from now on',
  middleware: [requireUser] as const,
  request: { params: z.object({ id: z.uuid({ error: 'API key not found' }) }) },
  responses: { 204: { description: 'Revoked' }, 401: signedOut, 404: errorJson('No such key among yours') },
});

const listKeys: RouteHandler<typeof listApiKeysRoute, AppEnv> = async (c) => {
  return c.json({ items: await listApiKeys({ db: c.var.deps.db, userId: c.var.sessionUser.id }) }, 200);
};

const createKey: RouteHandler<typeof createApiKeyRoute, AppEnv> = async (c) => {
  const created = await createApiKey({ db: c.var.deps.db, userId: c.var.sessionUser.id, input: c.req.valid('json') });
  c.var.log.info({ apiKeyId: created.apiKey.id }, 'api key created');
  return c.json(created, 201);
};

const updateKey: RouteHandler<typeof updateApiKeyRoute, AppEnv> = async (c) => {
  const apiKey = await updateApiKey({
    db: c.var.deps.db,
    userId: c.var.sessionUser.id,
    keyId: c.req.valid('param').id,
    input: c.req.valid('json'),
  });
  return c.json({ apiKey }, 200);
};

const revokeKey: RouteHandler<typeof revokeApiKeyRoute, AppEnv> = async (c) => {
  await revokeApiKey({ db: c.var.deps.db, userId: c.var.sessionUser.id, keyId: c.req.valid('param').id });
  return c.body(null, 204);
};

export const apiKeysRouter = createRouter()
  .openapi(listApiKeysRoute, listKeys)
  .openapi(createApiKeyRoute, createKey)
  .openapi(updateApiKeyRoute, updateKey)
  .openapi(revokeApiKeyRoute, revokeKey);
