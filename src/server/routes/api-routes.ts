import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../app-env';
import { accountAddressRouter } from './account-address/account-address.routes';
import { adminRouter } from './admin/admin.routes';
import { authRouter } from './auth/auth.routes';
import { billingRouter } from './billing/billing.routes';
import { budgetRouter } from './budget/budget.routes';
import { catalogRouter } from './catalog/catalog.routes';
import { createRouter } from './create-router';
import { dashboardRouter } from './dashboard/dashboard.routes';
import { deliveryAddressesRouter } from './delivery-addresses/delivery-addresses.routes';
import { eventsRouter } from './events/events.routes';
import { healthRouter } from './health/health.routes';
import { apiKeysRouter } from './me/api-keys.routes';
import { meRouter } from './me/me.routes';
import { metricsRouter } from './metrics/metrics.routes';
import { overdueSlotsRouter } from './overdue-slots/overdue-slots.routes';
import { runsRouter } from './runs/runs.routes';
import { schedulesRouter } from './schedules/schedules.routes';
import { siteConfigRouter } from './site-config/site-config.routes';
import { statusRouter } from './status/status.routes';
import { tasksRouter } from './tasks/tasks.routes';
import { unsubscribeRouter } from './unsubscribe/unsubscribe.routes';
import { ssoRouter } from './workspaces/sso.routes';
import { workspacesRouter } from './workspaces/workspaces.routes';
import { sessionCookieName } from './auth/session-cookie';
import { describeRunWebhooks } from './tasks/run-webhooks';

/** Every route group of the API, in the order they are matched, and the security schemes their routes name. */
export function mountApiRoutes(app: OpenAPIHono<AppEnv>): void {
  for (const router of [
    healthRouter,
    metricsRouter,
    siteConfigRouter,
    statusRouter,
    authRouter,
    meRouter,
    apiKeysRouter,
    adminRouter,
    catalogRouter,
    tasksRouter,
    schedulesRouter,
    runsRouter,
    overdueSlotsRouter,
    dashboardRouter,
    billingRouter,
    budgetRouter,
    eventsRouter,
    unsubscribeRouter,
    deliveryAddressesRouter,
    accountAddressRouter,
    workspacesRouter,
    ssoRouter,
  ]) {
    app.route('/', router);
  }
  describeRunWebhooks(app.openAPIRegistry);
  app.openAPIRegistry.registerComponent('securitySchemes', 'session', {
    type: 'apiKey',
    in: 'cookie',
    name: sessionCookieName,
    description:
      'The session cookie of a signed-in browser, named `__Secure-promptcron.session_token` when the app is served over https. State-changing requests must come from the app’s own origin.',
  });
  app.openAPIRegistry.registerComponent('securitySchemes', 'apiKey', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'pc_…',
    description:
      'An API key from Settings → API Keys: `Authorization: Bearer pc_…`. A `read` key may only call what reads. Each key may make API_KEY_RATE_LIMIT requests a minute (RateLimit-* headers). Accepted only where an operation lists it.',
  });
}

/** The areas operations are grouped in, in the order a reader meets them. */
const apiTags = [
  { name: 'Tasks', description: 'Prompts on a schedule: create, change, pause, run now, and their runs' },
  { name: 'Runs', description: 'The history of every run: search, one run, live changes' },
  { name: 'Dashboard', description: 'The overview of your month' },
  { name: 'Delivery addresses', description: 'E-mail recipients confirming or stopping results' },
  { name: 'Account', description: 'Your profile, settings, data export and account deletion' },
  { name: 'API keys', description: 'Keys for scripts and agents' },
  { name: 'Workspaces', description: 'Workspaces you share with others: members, roles and invitations' },
  { name: 'Billing', description: 'Plans, your subscription and payments' },
  { name: 'Administration', description: 'Users, all tasks, plans and the audit log (administrators only)' },
  { name: 'Webhooks', description: 'What a task with a webhook delivery POSTs to its receiver when a run ends' },
  { name: 'System', description: 'Health, public configuration and status' },
];

/** What the document says around its operations: the product, its version and where it is served. */
export function apiDocumentConfig({ version, appUrl }: { version: string; appUrl: string }) {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Promptcron API',
      version,
      description: 'Schedule AI prompts and receive their results by e-mail, signed webhook, Slack or Discord.',
    },
    servers: [{ url: appUrl, description: 'This deployment' }],
    tags: apiTags,
  };
}

/** The OpenAPI document of the API alone, without a running app: for the typed client's generator and its check. */
export function apiDocument({ version, appUrl }: { version: string; appUrl: string }) {
  const app = createRouter();
  mountApiRoutes(app);
  return app.getOpenAPI31Document(apiDocumentConfig({ version, appUrl }));
}
