import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { HttpBindings } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { bodyLimit } from 'hono/body-limit';
import { every } from 'hono/combine';
import { compress } from 'hono/compress';
import { HTTPException } from 'hono/http-exception';
import type { AppDeps } from './app-env';
import { DomainError } from './core/errors';
import { isClientPath } from '#shared/client-paths';
import { renderDashboardHtml } from './dashboard-page';
import { isDatabaseUnavailable } from './db/database-unavailable';
import { livePublicPageRenderer, livePublicPages, type LivePublicPath } from './live-public-page';
import { carriesSessionCookie } from './routes/auth/session-cookie';
import { createRouter } from './routes/create-router';
import { refuseCrossSiteRequests } from './routes/csrf';
import { responseHeaders } from './routes/response-headers';
import { databaseUnavailableBody, errorBody } from './routes/errors';
import { answerWithinDeadline } from './routes/request-deadline';
import { metricsRouter, recordRequest } from './routes/metrics/metrics.routes';
import { healthRouter } from './routes/health/health.routes';
import { apiDocumentConfig, mountApiRoutes } from './routes/api-routes';
import { mcpRouter } from './routes/mcp/mcp.routes';
import { databaseOutages } from './status/database-outages';

export interface CreateAppOptions {
  deps: AppDeps;
  /** The built SPA (dist/web); without it only the API is served. */
  webDir?: string;
}

const maxBodyBytes = 1024 * 1024;
const bodyless = new Set(['GET', 'HEAD']);

export function createApp({ deps, webDir }: CreateAppOptions) {
  const app = createRouter();

  app.use(responseHeaders({ production: deps.env.NODE_ENV === 'production' }));
  // One timing of each request for the duration histogram and the log line (a layer of middleware is a few
  // microseconds of every request: docs/scaling.md).
  app.use(async (c, next) => {
    const log = deps.logger.child({ requestId: c.get('requestId') });
    c.set('deps', deps);
    c.set('log', log);
    const started = performance.now();
    try {
      await next();
    } finally {
      const elapsed = performance.now() - started;
      recordRequest(c, elapsed / 1000);
      const fields = { method: c.req.method, path: c.req.path, status: c.res.status, durationMs: Math.round(elapsed) };
      // Health is polled by every open page and by monitors: keep it out of the info log.
      if (c.req.path === '/api/health') log.debug(fields, 'request');
      else log.info(fields, 'request');
    }
  });
  // No route takes more than a task's prompt; a bigger body is refused before it is read (a declared length is
  // trusted, a chunked body is counted as it arrives), so nobody can fill the server's memory with one request.
  const limitBody = bodyLimit({
    maxSize: maxBodyBytes,
    onError: (c) => c.json(errorBody('payload_too_large', 'The request body is larger than 1 MB.'), 413),
  });
  // No GET or HEAD route reads a body, so one sent with them is never read; asking for it made the Node adapter build
  // a full Request on every read, 7 % of a history page's CPU (docs/scaling.md, "On a quiet machine").
  // Neither do they change anything, so they skip the cross-site check in the same step. Before every route group, so
  // a route added later is born behind both.
  const guardChanges = every(limitBody, refuseCrossSiteRequests);
  app.use((c, next) => (bodyless.has(c.req.method) ? next() : guardChanges(c, next)));

  app.use('/api/*', answerWithinDeadline);

  mountApiRoutes(app);
  app.doc31('/api/openapi.json', apiDocumentConfig({ version: deps.version, appUrl: deps.env.APP_URL }));

  // The MCP server (ADR 0124): outside /api, whose request deadline would cut off a run it waits for.
  app.route('/', mcpRouter(deps));

  app.all('/api/*', (c) => c.json(errorBody('not_found', `No API route ${c.req.method} ${c.req.path}.`), 404));

  if (webDir && existsSync(join(webDir, 'index.html')))
    serveWebApp(app, webDir, { statusPage: deps.env.PUBLIC_STATUS_PAGE, origin: deps.env.APP_URL, logger: deps.logger });

  app.notFound((c) => c.json(errorBody('not_found', 'Not found.'), 404));
  app.onError((error, c) => {
    if (error instanceof DomainError) return c.json(errorBody(error.code, error.message, error.fields), error.status);
    if (error instanceof HTTPException) {
      return c.json(errorBody(error.status >= 500 ? 'internal' : 'bad_request', error.message), error.status);
    }
    if (isDatabaseUnavailable(error)) {
      databaseOutages.noteUnavailable();
      (c.get('log') ?? deps.logger).warn({ reason: error.message }, 'database unavailable');
      c.header('Retry-After', '5');
      return c.json(databaseUnavailableBody, 503);
    }
    (c.get('log') ?? deps.logger).error({ err: error }, 'unhandled error');
    return c.json(errorBody('internal', 'Something went wrong on our side. Please try again.'), 500);
  });

  return app;
}

/** Built assets under /assets are content-hashed and cached for good; every other path is a client route. */
function serveWebApp(
  app: ReturnType<typeof createRouter>,
  webDir: string,
  { statusPage, origin, logger }: { statusPage: boolean; origin: string; logger: AppDeps['logger'] },
) {
  const indexHtml = readFileSync(join(webDir, 'index.html'), 'utf8');
  // Scripts and styles shrink to about a third gzipped; on a phone connection that decides how soon the page shows.
  app.use('*', compress());
  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=31536000, immutable');
  });
  // The landing page pre-rendered at build time (ADR 0012); without it `/` gets the plain index.html like any route.
  const prerendered = (file: string) => (existsSync(join(webDir, file)) ? readFileSync(join(webDir, file), 'utf8') : indexHtml);
  const visitorLanding = prerendered('landing.html');
  const sessionLanding = prerendered('landing-session.html');
  app.get('/', (c) => {
    c.header('Cache-Control', 'no-cache');
    c.header('Vary', 'Cookie');
    // ADR 0013: visitors get the page with its small script; a request with a session cookie gets the SPA at once,
    // so a signed-in user sees the signed-in header. The cookie is HttpOnly, so only the server can tell.
    return c.html(carriesSessionCookie(c.req.header('Cookie')) ? sessionLanding : visitorLanding);
  });
  // ADR 0054: the sign-in and sign-up pages are pre-rendered for visitors too; with a session cookie the SPA decides.
  for (const [path, file] of [
    ['/login', 'login.html'],
    ['/register', 'register.html'],
  ] as const) {
    const visitorPage = prerendered(file);
    app.get(path, (c) => {
      c.header('Cache-Control', 'no-cache');
      c.header('Vary', 'Cookie');
      return c.html(carriesSessionCookie(c.req.header('Cookie')) ? indexHtml : visitorPage);
    });
  }
  // ADR 0111: every other public page pre-rendered for visitors too, one file per URL (the build's list).
  const pagesList = join(webDir, 'prerendered-pages.json');
  const prerenderedPages = existsSync(pagesList) ? (JSON.parse(readFileSync(pagesList, 'utf8')) as Record<string, string>) : {};
  for (const [path, file] of Object.entries(prerenderedPages)) {
    const visitorPage = prerendered(file);
    app.get(path, (c) => {
      c.header('Cache-Control', 'no-cache');
      c.header('Vary', 'Cookie');
      return c.html(carriesSessionCookie(c.req.header('Cookie')) ? indexHtml : visitorPage);
    });
  }
  // ADR 0111: the public pages made of live data are rendered here per request for visitors, kept a few seconds.
  if (existsSync(join(webDir, 'live-page.html'))) {
    const renderLivePage = livePublicPageRenderer({
      template: readFileSync(join(webDir, 'live-page.html'), 'utf8'),
      askApi: (path) => Promise.resolve(app.request(path, { headers: { Accept: 'application/json' } })),
      origin,
      logger,
    });
    for (const path of Object.keys(livePublicPages) as LivePublicPath[]) {
      app.get(path, async (c, next) => {
        if (carriesSessionCookie(c.req.header('Cookie')) || (path === '/status' && !statusPage)) return next();
        const page = await renderLivePage(path, c.req.header('Accept-Language'));
        if (page === undefined) return next();
        c.header('Cache-Control', 'no-cache');
        c.header('Vary', 'Cookie, Accept-Language');
        return c.html(page);
      });
    }
  }
  // The signed-in area's variant preloads that area's code instead of the public pages' (ADR 0054).
  const signedInHtml = prerendered('signed-in.html');
  // ADR 0057: the overview, the first page after signing in, is rendered here from the user's own figures.
  const dashboardTemplate = existsSync(join(webDir, 'dashboard.html')) ? readFileSync(join(webDir, 'dashboard.html'), 'utf8') : undefined;
  app.get('/dashboard', async (c) => {
    c.header('Cache-Control', 'private, no-cache');
    c.header('Vary', 'Cookie');
    const cookie = c.req.header('Cookie');
    if (!dashboardTemplate || !carriesSessionCookie(cookie)) return c.html(signedInHtml);
    // The browser's own headers that the API reads: its session, and its address for logs behind a proxy.
    const headers = new Headers({ Cookie: cookie ?? '', Accept: 'application/json' });
    const forwardedFor = c.req.header('X-Forwarded-For');
    if (forwardedFor) headers.set('X-Forwarded-For', forwardedFor);
    // The connection for the client's address, but not Node's response: the API's own headers (an API policy,
    // no-store) belong on its answers here, not on the page (response-headers.ts writes onto that response).
    const env = { incoming: (c.env as Partial<HttpBindings> | undefined)?.incoming };
    const askApi = (path: string) => Promise.resolve(app.request(path, { headers }, env));
    const page = await renderDashboardHtml(dashboardTemplate, askApi, c.req.header('Accept-Language'), c.get('log'));
    return c.html(page ?? signedInHtml);
  });
  // A path the app has no page for gets the same app, which shows its 404 page, with the status to match.
  const pageStatus = (path: string) => (isClientPath(path) && (statusPage || !isStatusPage(path)) ? 200 : 404);
  for (const area of ['/dashboard', '/admin']) {
    app.get(`${area}/*`, (c) => {
      c.header('Cache-Control', 'no-cache');
      return c.html(signedInHtml, pageStatus(c.req.path));
    });
  }
  app.use('*', serveStatic({ root: webDir }));
  app.get('*', (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.html(indexHtml, pageStatus(c.req.path));
  });
}

/** A worker-only process's HTTP endpoints on METRICS_PORT: `GET /api/health` (issue 38) and `GET /metrics` (issue 22). */
export function createMetricsApp({ deps }: { deps: AppDeps }) {
  const app = createRouter();
  app.use(async (c, next) => {
    c.set('deps', deps);
    c.set('log', deps.logger);
    await next();
  });
  app.route('/', healthRouter);
  app.route('/', metricsRouter);
  app.notFound((c) => c.json(errorBody('not_found', 'Not found.'), 404));
  return app;
}

/** The public status page, which PUBLIC_STATUS_PAGE=false turns off (issue 40): as the router matches it. */
function isStatusPage(path: string): boolean {
  return /^\/status\/?$/i.test(path);
}
