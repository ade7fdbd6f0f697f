import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseEnv } from 'node:util';
import { z } from 'zod';
import { defaultSiteConfig } from '#shared/site-config-defaults';

/**
 * All configuration, parsed once at start-up. This is the only module that reads process.env:
 * everything else receives the parsed `Env`.
 */

const booleanFlag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int({ error: 'must be a whole port number' })
    .min(1, { error: 'must be between 1 and 65535' })
    .max(65535, { error: 'must be between 1 and 65535' })
    .default(3000),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' }).optional(),
  /**
   * The same database without the pooler, when DATABASE_URL is a transaction-mode pooler (PgBouncer): LISTEN, session
   * locks, migrations and the job queue need a connection of their own (docs/decisions/0070).
   */
  DATABASE_DIRECT_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' }).optional(),
  APP_URL: httpUrl.optional(),
  /** Signs session cookies and tokens. Without it, one is generated on first start and kept in DATA_DIR/secrets. */
  AUTH_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  /** Accounts whose e-mail ends with @this domain count as invited (spec section 4). */
  INVITE_EMAIL_DOMAIN: z
    .string()
    .regex(/^[a-z0-9.-]+\.[a-z]{2,}$/i, { error: 'must be a domain name such as example.com' })
    .optional(),
  /** Jobs (AI calls, deliveries) one worker process runs at the same time; a user's deliveries hold at most a quarter. */
  /**
   * Database connections one process may open (the pooled ones with DATABASE_DIRECT_URL, ADR 0070); unset:
   * WORKER_CONCURRENCY + 10 (issue 38, the connection budget).
   */
  DATABASE_POOL_SIZE: z.coerce
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(3, { error: 'must be at least 3' })
    .max(500, { error: 'must be at most 500' })
    .optional(),
  /**
   * How long a stopping process waits for its requests and running jobs, side by side, before aborting them and
   * handing the jobs back to the queue (ADR 0100).
   */
  SHUTDOWN_GRACE_SECONDS: z.coerce
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(0, { error: 'must be at least 0' })
    .max(600, { error: 'must be at most 600' })
    .default(25),
  WORKER_CONCURRENCY: z.coerce
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be at least 1' })
    .max(200, { error: 'must be at most 200' })
    .default(10),
  /** Turns on `GET /metrics` for Prometheus, which must send it as `Authorization: Bearer <token>` (issue 22). */
  METRICS_TOKEN: z.string().min(16, { error: 'must be at least 16 characters' }).optional(),
  /**
   * Where a worker-only process (`npm run worker`) answers `/api/health` and its `/metrics`; API processes serve both
   * on PORT. Unset, a worker listens only when METRICS_TOKEN is set (on 9464), so several workers on one machine do
   * not fight over a port nobody asked for.
   */
  METRICS_PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int({ error: 'must be a port number' })
    .min(1, { error: 'must be a port number' })
    .max(65535, { error: 'must be a port number' })
    .optional(),
  /** Requests one API key may make a minute (issue 22); over it, 429 with Retry-After. */
  API_KEY_RATE_LIMIT: z.coerce
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be at least 1' })
    .max(100_000, { error: 'must be at most 100000' })
    .default(120),
  /** Runs older than this many days are deleted each night (issue 21); unset: every run is kept. */
  RUN_RETENTION_DAYS: z.coerce
    .number({ error: 'must be a number of days' })
    .int({ error: 'must be a whole number of days' })
    .min(1, { error: 'must be at least 1 (leave it unset to keep every run)' })
    .max(36_500, { error: 'must be at most 36500' })
    .optional(),
  /** Nightly backups in DATA_DIR/backups older than this many days are deleted (issue 38, ADR 0069). */
  BACKUP_RETENTION_DAYS: z.coerce
    .number({ error: 'must be a number of days' })
    .int({ error: 'must be a whole number of days' })
    .min(1, { error: 'must be at least 1' })
    .max(36_500, { error: 'must be at most 36500' })
    .default(7),
  /** The public status page at /status and GET /api/status (issue 40, ADR 0076); `false` answers both with 404. */
  PUBLIC_STATUS_PAGE: booleanFlag.default(true),
  /**
   * Behind reverse proxies: how many of them append to X-Forwarded-For (`true` is one, `false` none). The client is the
   * address the outermost of them saw, counted from the right: hops further left are whatever the client sent.
   */
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|[0-9])$/, { error: 'must be true, false or the number of proxies in front (0 to 9)' })
    .transform((value) => (value === 'true' ? 1 : value === 'false' ? 0 : Number(value)))
    .default(0),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z.string().default('Promptcron <no-reply@promptcron.local>'),
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_BASE_URL: httpUrl.optional(),
  ANTHROPIC_API_KEY: z.string().optional(),
  ANTHROPIC_BASE_URL: httpUrl.optional(),
  GEMINI_API_KEY: z.string().optional(),
  OPENROUTER_API_KEY: z.string().optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** Another Stripe-compatible API (a test stand-in, a proxy); default Stripe's own, https://api.stripe.com. */
  STRIPE_API_BASE: httpUrl.optional(),
  ALLOW_PRIVATE_WEBHOOKS: booleanFlag.default(false),
  /** Production over plain http (a trusted private network): session cookies without the Secure flag. */
  ALLOW_INSECURE_COOKIES: booleanFlag.default(false),
  /**
   * The name servers a workspace's single sign-on domain proof is looked up at (ADR 0137): IP addresses, each with an
   * optional `:port`, comma-separated. Default: the system's resolvers.
   */
  DNS_SERVERS: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((server) => server.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z.string().regex(/^(\d{1,3}(\.\d{1,3}){3}(:\d{1,5})?|\[[0-9a-f:]+\](:\d{1,5})?|[0-9a-f:]+)$/i, {
          error: 'must be IP addresses, each with an optional :port, comma-separated',
        }),
      ),
    )
    .optional(),
  /**
   * Single sign-on issuers on http://localhost or http://127.0.0.1 (a local identity provider, tests); never in
   * production, where an issuer is an https URL.
   */
  SSO_ALLOW_LOCAL_ISSUERS: booleanFlag.default(false),
  WAITLIST_URL: httpUrl.default(defaultSiteConfig.waitlistUrl),
  SUPPORT_EMAIL: z.email({ error: 'must be an e-mail address' }).default(defaultSiteConfig.supportEmail),
  SOCIAL_X_URL: httpUrl.default(defaultSiteConfig.social.x),
  SOCIAL_LINKEDIN_URL: httpUrl.default(defaultSiteConfig.social.linkedin),
  SOCIAL_GITHUB_URL: httpUrl.default(defaultSiteConfig.social.github),
});

export type Env = Omit<z.infer<typeof envSchema>, 'APP_URL' | 'DATA_DIR'> & {
  /** Public base URL used in links (e-mails, trusted origins). */
  APP_URL: string;
  /** Absolute path of the data directory. */
  DATA_DIR: string;
};

/** A configuration problem the operator must fix; its message is one line naming the variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * What a process of the install is configured with: its environment, and for each variable it leaves unset or empty,
 * the value in `.env` of the working directory (npm runs every script from the install's own). The server and the
 * command-line tools read the same, so a link `npm run user` prints leads where the server serves.
 */
export function installEnvironment(directory = process.cwd(), environment: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const file = join(directory, '.env');
  if (!existsSync(file)) return environment;
  const merged = { ...environment };
  for (const [name, value] of Object.entries(parseEnv(readFileSync(file, 'utf8')))) {
    if (!merged[name]) merged[name] = value;
  }
  return merged;
}

export function loadEnv(source: NodeJS.ProcessEnv = installEnvironment()): Env {
  // An empty value (`PORT=` in a .env file) means "not set", so the default applies.
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'configuration');
      const value = present[name];
      const shown = value === undefined || isSecret(name) ? '' : ` (got "${value}")`;
      return `${name} ${issue.message}${shown}`;
    });
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}.`);
  }
  const env = parsed.data;
  if (env.DATABASE_DIRECT_URL && !env.DATABASE_URL) {
    throw new ConfigError(
      'Invalid configuration: DATABASE_DIRECT_URL is set without DATABASE_URL. Set DATABASE_URL to the pooled connection (the pooler), or unset DATABASE_DIRECT_URL to use the embedded PostgreSQL.',
    );
  }
  const appUrl = (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  // In production session cookies are Secure, which a browser does not send back over http: the app would sign no one in.
  if (env.NODE_ENV === 'production' && appUrl.startsWith('http://') && !env.ALLOW_INSECURE_COOKIES) {
    throw new ConfigError(
      `Invalid configuration: APP_URL must be an https:// URL when NODE_ENV=production, so session cookies are Secure (got "${appUrl}"; set ALLOW_INSECURE_COOKIES=true on a trusted private network).`,
    );
  }
  return { ...env, DATA_DIR: resolve(env.DATA_DIR), APP_URL: appUrl };
}

function isSecret(name: string): boolean {
  return /KEY|SECRET|PASSWORD|DATABASE_URL|DATABASE_DIRECT_URL|SMTP_URL/.test(name);
}

/** The connections this process may open: `DATABASE_POOL_SIZE`, else room for the job runner's concurrency and 10 more. */
export function databasePoolSize(env: Pick<Env, 'DATABASE_POOL_SIZE' | 'WORKER_CONCURRENCY'>): number {
  return env.DATABASE_POOL_SIZE ?? env.WORKER_CONCURRENCY + 10;
}

/** A worker's METRICS_PORT when only METRICS_TOKEN is set: the port Prometheus's registry lists for Node exporters. */
export const defaultMetricsPort = 9464;
