import { createHash, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { AppEnv } from '../../app-env';
import { httpRequestDuration, metricsText } from '../../metrics/metrics';
import { createRouter } from '../create-router';
import { errorBody } from '../errors';

/**
 * Records a request under the pattern of the route that answered it (`/api/tasks/:id`), never the raw path. Called by
 * app.ts's request middleware, which times each request once for this and for the log.
 */
export function recordRequest(c: Context<AppEnv>, seconds: number): void {
  httpRequestDuration.observe(
    { method: c.req.method, route: matchedRoutes(c)[c.req.routeIndex]?.path ?? 'unmatched', status: String(c.res.status) },
    seconds,
  );
}

/** Whether `Authorization: Bearer <token>` names METRICS_TOKEN; compared in constant time. */
export function carriesMetricsToken(authorization: string | undefined, token: string): boolean {
  const given = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1] ?? '';
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(token));
}

async function serveMetrics(c: Context<AppEnv>) {
  const token = c.var.deps.env.METRICS_TOKEN;
  // Without a token there is nothing here: the numbers are not for the public.
  if (!token) return c.json(errorBody('not_found', `No API route ${c.req.method} ${c.req.path}.`), 404);
  if (!carriesMetricsToken(c.req.header('authorization'), token)) {
    c.header('WWW-Authenticate', 'Bearer realm="metrics"');
    return c.json(errorBody('unauthorized', 'A valid metrics token is required.'), 401);
  }
  const { contentType, body } = await metricsText();
  c.header('Cache-Control', 'no-store');
  return c.body(body, 200, { 'Content-Type': contentType });
}

/** `GET /metrics` for Prometheus (issue 22), with `Authorization: Bearer <METRICS_TOKEN>`. */
export const metricsRouter = createRouter().get('/metrics', serveMetrics);
