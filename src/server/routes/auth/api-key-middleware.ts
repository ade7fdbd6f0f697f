import type { Context, MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../app-env';
import { authenticateApiKey } from '../../core/api-keys/authenticate-api-key';
import { hitRateLimit } from '../../core/security/rate-limit';
import { errorBody } from '../errors';
import { presetHeader } from '../response-headers';
import { requireUser, requireUserBeforePassword } from './session-middleware';

const readMethods = new Set(['GET', 'HEAD']);

/** The token of `Authorization: Bearer <token>`, or undefined without such a header. */
function bearerToken(c: Context<AppEnv>): string | undefined {
  const header = c.req.header('authorization');
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? '';
}

/**
 * Lets `Authorization: Bearer pc_...` stand for its owner on the routes a key may use (issue 22); without the header
 * the session middleware decides as before. A `read` key gets 403 on anything but GET; every key request is counted
 * against the key's limit per minute and answers the IETF RateLimit headers. A key request has no cookie, so the
 * cookie CSRF rule (routes/csrf.ts) does not concern it.
 */
function orApiKey(session: MiddlewareHandler<AppEnv>, { readOnlyPost = false } = {}) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const key = bearerToken(c);
    if (key === undefined) return session(c, next);
    const { db, env } = c.var.deps;
    const verdict = await authenticateApiKey({ db, key });
    if (!verdict.ok) {
      c.header('WWW-Authenticate', 'Bearer realm="promptcron"');
      return c.json(errorBody('unauthorized', verdict.message), 401);
    }
    const limit = env.API_KEY_RATE_LIMIT;
    const counted = await hitRateLimit({ db, key: `api-key:${verdict.keyId}`, rule: { limit, windowSeconds: 60 } });
    c.header('RateLimit-Limit', String(limit));
    c.header('RateLimit-Remaining', String(counted.remaining));
    c.header('RateLimit-Reset', String(counted.retryAfterSeconds));
    if (!counted.allowed) {
      c.header('Retry-After', String(counted.retryAfterSeconds));
      return c.json(
        errorBody('rate_limited', `This API key may make ${limit} requests a minute. Please wait ${counted.retryAfterSeconds} s.`),
        429,
      );
    }
    if (verdict.scope === 'read' && !readMethods.has(c.req.method) && !(readOnlyPost && c.req.method === 'POST')) {
      return c.json(errorBody('forbidden', 'This API key can only read. Use a key with the write scope.'), 403);
    }
    c.set('sessionUser', { ...verdict.user, mustSetPassword: false });
    c.set('apiKeyScope', verdict.scope);
    c.set('apiKey', {
      id: verdict.keyId,
      name: verdict.keyName,
      approveAgentTasks: verdict.approveAgentTasks,
      workspace: verdict.workspace,
    });
    presetHeader(c, 'Cache-Control', 'no-store');
    await next();
  });
}

/** requireUser, or an API key of the user (`/api/tasks*`, `/api/runs*`, `/api/dashboard`). */
export const requireUserOrKey = orApiKey(requireUser);

/**
 * requireUserOrKey for a POST that changes nothing (the schedule preview, ADR 0116): a read key may call it, as it
 * may a GET. The body is the question, too big and structured for a query.
 */
export const requireUserOrReadKey = orApiKey(requireUser, { readOnlyPost: true });

/** requireUserBeforePassword, or an API key of the user (`GET /api/me`). */
export const requireUserBeforePasswordOrKey = orApiKey(requireUserBeforePassword);
