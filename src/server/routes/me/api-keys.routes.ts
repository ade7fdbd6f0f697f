import { createRoute, z } from '@hono/zod-openapi';
import type { RouteHandler } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import {
  apiKeyListSchema,
  apiKeySchema,
  createApiKeyInputSchema,
  createdApiKeySchema,
  updateApiKeyInputSchema,
} from '#shared/api-keys/api-key.schema';
import type { AppEnv } from '../../app-env';
import { createApiKey, listApiKeys, revokeApiKey, updateApiKey } from '../../core/api-keys/manage-api-keys';
import { actingWorkspace } from '../auth/acting-workspace';
import { requireUser } from '../auth/session-middleware';
import { createRouter } from '../create-router';
import { errorJson, json, jsonBody, sessionOnly } from '../openapi';

/**
 * Settings → API Keys (issue 22). Only the session cookie manages keys: a key cannot make, list or revoke keys, so a
 * leaked one cannot make itself permanent. Keys belong to the workspace they are made in (ADR 0131): each operation
 * acts on the caller's own keys of the acting workspace, which any member may hold.
 */
const signedOut = errorJson('Not signed in (an API key is not accepted here)');
const inWorkspace = {
  security: sessionOnly,
  middleware: [requireUser, actingWorkspace('viewer')] as [typeof requireUser, MiddlewareHandler<AppEnv>],
  'x-workspace-role': 'viewer',
} as const;
const noWorkspace = errorJson('No such workspace among yours');

export const listApiKeysRoute = createRoute({
  operationId: 'listApiKeys',
  ...inWorkspace,
  method: 'get',
  path: '/api/me/api-keys',
  tags: ['API keys'],
  summary: 'Your API keys of the workspace, newest first (never the keys themselves)',
  responses: { 200: json(apiKeyListSchema, 'The keys'), 401: signedOut, 404: noWorkspace },
});

export const createApiKeyRoute = createRoute({
  operationId: 'createApiKey',
  ...inWorkspace,
  method: 'post',
  path: '/api/me/api-keys',
  tags: ['API keys'],
  summary: 'Create an API key of the workspace; the answer holds the key, shown this once',
  request: { body: jsonBody(createApiKeyInputSchema) },
  responses: {
    201: json(createdApiKeySchema, 'The key’s details and the key (`pc_` + 43 characters)'),
    400: errorJson('A field breaks a rule'),
    401: signedOut,
    404: noWorkspace,
    409: errorJson('Already 50 keys (`api_key_limit`)'),
  },
});

export const updateApiKeyRoute = createRoute({
  operationId: 'updateApiKey',
  ...inWorkspace,
  method: 'patch',
  path: '/api/me/api-keys/{id}',
  tags: ['API keys'],
  summary: 'Change whether tasks the key creates need your approval (ADR 0125)',
  request: { params: z.object({ id: z.uuid({ error: 'API key not found' }) }), body: jsonBody(updateApiKeyInputSchema) },
  responses: {
    200: json(z.object({ apiKey: apiKeySchema }), 'The key’s details'),
    400: errorJson('A field breaks a rule'),
    401: signedOut,
    404: errorJson('No such workspace, or no such key of yours in it'),
  },
});

export const revokeApiKeyRoute = createRoute({
  operationId: 'revokeApiKey',
  ...inWorkspace,
  method: 'delete',
  path: '/api/me/api-keys/{id}',
  tags: ['API keys'],
  summary: 'Revoke an API key: requests with it answer 401 from now on',
  request: { params: z.object({ id: z.uuid({ error: 'API key not found' }) }) },
  responses: { 204: { description: 'Revoked' }, 401: signedOut, 404: errorJson('No such workspace, or no such key of yours in it') },
});

const keyOwner = (c: Context<AppEnv>) => ({ db: c.var.deps.db, userId: c.var.sessionUser.id, workspaceId: c.var.workspace.id });

const listKeys: RouteHandler<typeof listApiKeysRoute, AppEnv> = async (c) => {
  return c.json({ items: await listApiKeys(keyOwner(c)) }, 200);
};

const createKey: RouteHandler<typeof createApiKeyRoute, AppEnv> = async (c) => {
  const created = await createApiKey({ ...keyOwner(c), input: c.req.valid('json') });
  c.var.log.info({ apiKeyId: created.apiKey.id }, 'api key created');
  return c.json(created, 201);
};

const updateKey: RouteHandler<typeof updateApiKeyRoute, AppEnv> = async (c) => {
  const apiKey = await updateApiKey({ ...keyOwner(c), keyId: c.req.valid('param').id, input: c.req.valid('json') });
  return c.json({ apiKey }, 200);
};

const revokeKey: RouteHandler<typeof revokeApiKeyRoute, AppEnv> = async (c) => {
  await revokeApiKey({ ...keyOwner(c), keyId: c.req.valid('param').id });
  return c.body(null, 204);
};

export const apiKeysRouter = createRouter()
  .openapi(listApiKeysRoute, listKeys)
  .openapi(createApiKeyRoute, createKey)
  .openapi(updateApiKeyRoute, updateKey)
  .openapi(revokeApiKeyRoute, revokeKey);
