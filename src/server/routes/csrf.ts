import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env';
import { carriesSessionCookie } from './auth/session-cookie';
import { errorBody } from './errors';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Server-to-server, proven by Stripe's signature; a browser's cookie on it would prove nothing either way. */
const exemptPaths = new Set(['/api/billing/webhook']);

/**
 * Cross-site request forgery (issue 15, ARCHITECTURE section 7): a browser attaches the session cookie to a request
 * that another site makes, so a state-changing request that carries the cookie must prove it comes from our own pages.
 * Browsers send `Origin` on every cross-origin request and on same-origin ones but GET and HEAD; without it,
 * `Sec-Fetch-Site: same-origin` (which a page cannot forge) is the proof. With neither, or with `Origin: null` (a
 * sandboxed frame, a redirect chain), the request is refused. Requests without the session cookie prove who they are
 * otherwise (a Stripe signature, an API key, an unsubscribe token) and pass untouched, as do sign-in and sign-up,
 * which better-auth checks against its trusted origins itself.
 *
 * Applied once in app.ts before every route group, /api/auth/* included, so a new route is born behind it.
 */
export const refuseCrossSiteRequests = createMiddleware<AppEnv>(async (c, next) => {
  if (safeMethods.has(c.req.method) || exemptPaths.has(c.req.path) || !carriesSessionCookie(c.req.header('cookie'))) return next();
  const origin = c.req.header('origin');
  const sameOrigin =
    origin === undefined ? c.req.header('sec-fetch-site') === 'same-origin' : origin === new URL(c.var.deps.env.APP_URL).origin;
  if (!sameOrigin) {
    c.var.log.warn({ origin: origin ?? null, secFetchSite: c.req.header('sec-fetch-site') ?? null }, 'cross-site request refused');
    return c.json(errorBody('forbidden', 'Cross-site request refused.'), 403);
  }
  return next();
});
