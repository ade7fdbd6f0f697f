import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';

/**
 * `POST /api/auth/revoke-session { token }` revokes only the caller's own sessions. better-auth already leaves
 * another user's session alone but answers `{ status: true }` all the same, which tells the caller nothing true;
 * a token that is not one of the caller's sessions answers 404, as for a session that does not exist.
 */
export function sessionOwnership(): BetterAuthPlugin {
  return {
    id: 'session-ownership',
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === '/revoke-session',
          handler: createAuthMiddleware(async (ctx) => {
            const token: unknown = (ctx.body as { token?: unknown } | undefined)?.token;
            if (typeof token !== 'string') return; // the endpoint's own schema answers a malformed body
            const caller = await getSessionFromCtx(ctx);
            if (!caller) return; // the endpoint answers 401
            const target = await ctx.context.internalAdapter.findSession(token);
            if (target?.session.userId !== caller.user.id) {
              throw new APIError('NOT_FOUND', { code: 'SESSION_NOT_FOUND', message: 'Session not found.' });
            }
          }),
        },
      ],
    },
  };
}
