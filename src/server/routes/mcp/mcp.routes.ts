import { createMcpHandler, type AuthInfo } from '@modelcontextprotocol/server';
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../app-env';
import { authenticateApiKey } from '../../core/api-keys/authenticate-api-key';
import { hitRateLimit } from '../../core/security/rate-limit';
import type { Database } from '../../db/client';
import { promptcronMcpServer, type McpCaller } from './promptcron-mcp-server';
import { errorBody } from '../errors';

export const mcpPath = '/mcp';
export const mcpResourceMetadataPath = '/.well-known/oauth-protected-resource/mcp';

/** A JSON-RPC message of MCP is small; a task's prompt is the largest thing a call carries. */
const maxMcpBodyBytes = 1024 * 1024;

/**
 * The MCP server at /mcp (ADR 0124): Streamable HTTP without sessions, so every request stands alone and any API
 * process answers it. The SDK's handler serves its current revision and, for the clients of 2025, the stateless
 * fallback (2025-11-25 and before); each request gets a fresh server for its key's workspace and owner, which costs the
 * registration of a dozen tools. Not part of the OpenAPI document: it is one JSON-RPC endpoint, documented in
 * docs/agents.md.
 */
export function mcpRouter(deps: AppDeps) {
  const handler = createMcpHandler(
    (context) => {
      const caller = context.authInfo?.extra?.caller as McpCaller | undefined;
      if (!caller) throw new Error('an MCP request reached the server without its API key');
      return promptcronMcpServer({ deps, caller });
    },
    { maxRequestBodySize: maxMcpBodyBytes },
  );
  const router = new Hono<AppEnv>();

  // RFC 9728: where an MCP client learns how to authenticate here. Only API keys today; OAuth can be added later
  // by naming an authorization server.
  router.get(mcpResourceMetadataPath, (c) => {
    const appUrl = c.var.deps.env.APP_URL.replace(/\/$/, '');
    c.header('Cache-Control', 'public, max-age=3600');
    return c.json({
      resource: `${appUrl}${mcpPath}`,
      resource_name: 'Promptcron',
      bearer_methods_supported: ['header'],
      resource_documentation: `${appUrl}/docs/api`,
    });
  });

  router.all(mcpPath, async (c) => {
    const { env, db } = c.var.deps;
    const appUrl = env.APP_URL.replace(/\/$/, '');
    c.header('Cache-Control', 'no-store');
    // A page of another site must not drive a local or signed-in agent's server (DNS rebinding, the MCP
    // specification's Origin rule): clients outside a browser send no Origin.
    const origin = c.req.header('origin');
    if (origin !== undefined && origin !== new URL(appUrl).origin) {
      return c.json(errorBody('forbidden', 'Requests from another site are refused.'), 403);
    }
    const match = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '');
    const verdict = match?.[1]
      ? await authenticateApiKey({ db, key: match[1] })
      : ({ ok: false, message: 'Send an API key: Authorization: Bearer pc_…' } as const);
    if (!verdict.ok) {
      c.header('WWW-Authenticate', `Bearer resource_metadata="${appUrl}${mcpResourceMetadataPath}"`);
      return c.json(errorBody('unauthorized', verdict.message), 401);
    }
    const caller: McpCaller = {
      userId: verdict.user.id,
      keyId: verdict.keyId,
      keyName: verdict.keyName,
      scope: verdict.scope,
      approveAgentTasks: verdict.approveAgentTasks,
      workspace: verdict.workspace,
    };
    const limited = await countedAgainstKey(c.req.raw, { db, keyId: verdict.keyId, limit: env.API_KEY_RATE_LIMIT });
    if (limited) {
      c.header('Retry-After', String(limited.retryAfterSeconds));
      return c.json({ jsonrpc: '2.0', id: limited.id, error: { code: -32000, message: limited.message } }, 429);
    }
    const authInfo: AuthInfo = {
      token: match?.[1] ?? '',
      clientId: verdict.keyId,
      scopes: [verdict.scope],
      extra: { caller },
    };
    return handler.fetch(c.req.raw, { authInfo });
  });
  return router;
}

/**
 * The key's rate limit for a request that is not a tool call (initialize, tools/list, a notification, a batch): a
 * tool call is counted by its tool, which answers a refusal the agent's model can read (promptcron-mcp-server.ts).
 * Null when the request may go on.
 */
async function countedAgainstKey(
  request: Request,
  { db, keyId, limit }: { db: Database; keyId: string; limit: number },
): Promise<{ id: string | number | null; message: string; retryAfterSeconds: number } | null> {
  if (request.method !== 'POST') return null;
  const message: unknown = await request
    .clone()
    .json()
    .catch(() => null);
  const single = typeof message === 'object' && message !== null && !Array.isArray(message) ? (message as Record<string, unknown>) : null;
  if (single?.method === 'tools/call') return null;
  const counted = await hitRateLimit({ db, key: `api-key:${keyId}`, rule: { limit, windowSeconds: 60 } });
  if (counted.allowed) return null;
  const id = typeof single?.id === 'string' || typeof single?.id === 'number' ? single.id : null;
  return {
    id,
    message: `This API key may make ${limit} requests a minute. Please wait ${counted.retryAfterSeconds} s.`,
    retryAfterSeconds: counted.retryAfterSeconds,
  };
}
