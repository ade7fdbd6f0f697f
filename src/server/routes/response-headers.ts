import type { ServerResponse } from 'node:http';
import type { HttpBindings } from '@hono/node-server';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env';

type HeaderList = readonly (readonly [name: string, value: string])[];

/** Headers for any response: no sniffing, no framing, no cross-origin reads, and a careful referrer. */
const anyResponse: HeaderList = [
  ['X-Content-Type-Options', 'nosniff'],
  ['X-Frame-Options', 'DENY'],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
];

/** What only steers documents: their browsing context, DNS prefetching, and old IE and Flash behaviour. */
const documentsOnly: HeaderList = [
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Origin-Agent-Cluster', '?1'],
  ['X-DNS-Prefetch-Control', 'off'],
  ['X-Download-Options', 'noopen'],
  ['X-Permitted-Cross-Domain-Policies', 'none'],
  ['X-XSS-Protection', '0'],
];

/** Pages run our scripts and nothing else. Radix and sonner position popovers and toasts with inline styles. */
const pagePolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The security headers of a page (everything outside /api/) and of an API answer. An API answer is data, never a
 * document: its policy allows nothing at all, and the headers that only steer documents would be bytes on every
 * request for nothing (OWASP's REST Security Cheat Sheet).
 */
export function securityHeaders({ production }: { production: boolean }): { page: HeaderList; api: HeaderList } {
  const transport: HeaderList = production ? [['Strict-Transport-Security', 'max-age=31536000; includeSubDomains']] : [];
  return {
    page: [['Content-Security-Policy', pagePolicy], ...documentsOnly, ...anyResponse, ...transport],
    api: [['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"], ...anyResponse, ...transport],
  };
}

/** Node's own response when the request came through the HTTP server; undefined for `app.request` (tests, ADR 0057). */
function nodeResponseOf(c: Context): ServerResponse | undefined {
  return (c.env as Partial<HttpBindings> | undefined)?.outgoing;
}

/**
 * Sets a header that the handler may still replace with its own. Over HTTP it goes straight onto Node's response,
 * which merges it under the handler's headers: the Fetch API `Headers` the adapter would otherwise build for every
 * answer cost a tenth of a history page's CPU (ADR 0058).
 */
export function presetHeader(c: Context, name: string, value: string): void {
  const response = nodeResponseOf(c);
  // A handler that goes on after its request was answered (a 503 at the deadline) has nobody left to tell.
  if (response) {
    if (!response.headersSent) response.setHeader(name, value);
  } else c.header(name, value);
}

const requestIdPattern = /^[\w\-=]{1,255}$/;

/**
 * Every response's request id (the caller's `X-Request-Id` if it is a plain token, else a new one; also
 * `c.var.requestId` for the logs) and security headers. A handler's own header of the same name wins.
 */
export function responseHeaders(options: { production: boolean }) {
  const { page, api } = securityHeaders(options);
  return createMiddleware<AppEnv>(async (c, next) => {
    const given = c.req.header('X-Request-Id');
    const requestId = given && requestIdPattern.test(given) ? given : crypto.randomUUID();
    c.set('requestId', requestId);
    const headers = c.req.path.startsWith('/api/') ? api : page;
    const response = nodeResponseOf(c);
    if (response) {
      response.setHeader('X-Request-Id', requestId);
      for (const [name, value] of headers) response.setHeader(name, value);
      return next();
    }
    // Afterwards here: a handler that returns its own Response (better-auth, static files) drops headers set before.
    await next();
    c.res.headers.set('X-Request-Id', requestId);
    for (const [name, value] of headers) if (!c.res.headers.has(name)) c.res.headers.set(name, value);
  });
}
