import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, databasePoolSize, installEnvironment, loadEnv } from './env';

describe('loadEnv', () => {
  it('runs on embedded defaults when nothing is configured', () => {
    const env = loadEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.APP_URL).toBe('http://localhost:3000');
    expect(env.DATA_DIR).toMatch(/\/data$/);
    expect(env.ALLOW_PRIVATE_WEBHOOKS).toBe(false);
  });

  it('names the variable and the bad value in one line', () => {
    expect(() => loadEnv({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadEnv({ PORT: 'abc' })).toThrow(/^Invalid configuration: PORT must be a port number \(got "abc"\)\.$/);
    expect(() => loadEnv({ PORT: '70000' })).toThrow(/PORT must be between 1 and 65535/);
  });

  it('refuses a database URL that is not PostgreSQL without echoing its credentials', () => {
    let message = '';
    try {
      loadEnv({ DATABASE_URL: 'mysql://root:hunter2@db/app' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toBe('Invalid configuration: DATABASE_URL must be a postgres:// or postgresql:// URL.');
    expect(message).not.toContain('hunter2');
  });

  it('takes DATABASE_DIRECT_URL beside a pooled DATABASE_URL, and refuses it alone', () => {
    const pooled = loadEnv({ DATABASE_URL: 'postgres://app:pw@pooler:6432/app', DATABASE_DIRECT_URL: 'postgres://app:pw@db:5432/app' });
    expect(pooled.DATABASE_DIRECT_URL).toBe('postgres://app:pw@db:5432/app');
    expect(() => loadEnv({ DATABASE_DIRECT_URL: 'postgres://app:hunter2@db:5432/app' })).toThrow(
      /^Invalid configuration: DATABASE_DIRECT_URL is set without DATABASE_URL\. Set DATABASE_URL to the pooled connection \(the pooler\), or unset DATABASE_DIRECT_URL to use the embedded PostgreSQL\.$/,
    );
    expect(() => loadEnv({ DATABASE_URL: 'postgres://db/app', DATABASE_DIRECT_URL: 'mysql://root:hunter2@db/app' })).toThrow(
      /^Invalid configuration: DATABASE_DIRECT_URL must be a postgres:\/\/ or postgresql:\/\/ URL\.$/,
    );
  });

  it('keeps nightly backups for BACKUP_RETENTION_DAYS, 7 by default', () => {
    expect(loadEnv({}).BACKUP_RETENTION_DAYS).toBe(7);
    expect(loadEnv({ BACKUP_RETENTION_DAYS: '30' }).BACKUP_RETENTION_DAYS).toBe(30);
    expect(() => loadEnv({ BACKUP_RETENTION_DAYS: '0' })).toThrow(
      /^Invalid configuration: BACKUP_RETENTION_DAYS must be at least 1 \(got "0"\)\.$/,
    );
    expect(() => loadEnv({ BACKUP_RETENTION_DAYS: 'week' })).toThrow(/BACKUP_RETENTION_DAYS must be a number of days \(got "week"\)/);
  });

  it('shows the public status page unless PUBLIC_STATUS_PAGE is false', () => {
    expect(loadEnv({}).PUBLIC_STATUS_PAGE).toBe(true);
    expect(loadEnv({ PUBLIC_STATUS_PAGE: 'false' }).PUBLIC_STATUS_PAGE).toBe(false);
    expect(() => loadEnv({ PUBLIC_STATUS_PAGE: 'off' })).toThrow(/PUBLIC_STATUS_PAGE/);
  });

  it('keeps every run unless RUN_RETENTION_DAYS is a whole number of days', () => {
    expect(loadEnv({}).RUN_RETENTION_DAYS).toBeUndefined();
    expect(loadEnv({ RUN_RETENTION_DAYS: '' }).RUN_RETENTION_DAYS).toBeUndefined();
    expect(loadEnv({ RUN_RETENTION_DAYS: '90' }).RUN_RETENTION_DAYS).toBe(90);
    expect(() => loadEnv({ RUN_RETENTION_DAYS: '0' })).toThrow(
      /^Invalid configuration: RUN_RETENTION_DAYS must be at least 1 \(leave it unset to keep every run\) \(got "0"\)\.$/,
    );
    expect(() => loadEnv({ RUN_RETENTION_DAYS: '1.5' })).toThrow(/RUN_RETENTION_DAYS must be a whole number of days \(got "1.5"\)/);
    expect(() => loadEnv({ RUN_RETENTION_DAYS: '90d' })).toThrow(/RUN_RETENTION_DAYS must be a number of days \(got "90d"\)/);
  });

  it('sizes each process’s database pool from DATABASE_POOL_SIZE, else the job concurrency and 10 more', () => {
    expect(databasePoolSize(loadEnv({}))).toBe(20);
    expect(databasePoolSize(loadEnv({ WORKER_CONCURRENCY: '4' }))).toBe(14);
    expect(databasePoolSize(loadEnv({ DATABASE_POOL_SIZE: '6', WORKER_CONCURRENCY: '4' }))).toBe(6);
    expect(() => loadEnv({ DATABASE_POOL_SIZE: '1' })).toThrow(
      /^Invalid configuration: DATABASE_POOL_SIZE must be at least 3 \(got "1"\)\.$/,
    );
  });

  it('reports every bad variable at once', () => {
    expect(() => loadEnv({ PORT: 'x', LOG_LEVEL: 'loud' })).toThrow(/PORT .*; LOG_LEVEL /);
  });

  it('treats empty values as unset and derives APP_URL from PORT', () => {
    const env = loadEnv({ PORT: '8080', DATABASE_URL: '', APP_URL: '' });
    expect(env.APP_URL).toBe('http://localhost:8080');
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('stops a production start on an http APP_URL, naming APP_URL, unless insecure cookies are allowed', () => {
    expect(() => loadEnv({ NODE_ENV: 'production', APP_URL: 'http://promptcron.example' })).toThrow(ConfigError);
    expect(() => loadEnv({ NODE_ENV: 'production', APP_URL: 'http://promptcron.example' })).toThrow(
      /^Invalid configuration: APP_URL must be an https:\/\/ URL when NODE_ENV=production, so session cookies are Secure \(got "http:\/\/promptcron\.example"; set ALLOW_INSECURE_COOKIES=true on a trusted private network\)\.$/,
    );
    // The default APP_URL is http://localhost too.
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow(/APP_URL/);
    expect(loadEnv({ NODE_ENV: 'production', APP_URL: 'https://promptcron.example' }).ALLOW_INSECURE_COOKIES).toBe(false);
    expect(
      loadEnv({ NODE_ENV: 'production', APP_URL: 'http://10.0.0.5:3000', ALLOW_INSECURE_COOKIES: 'true' }).ALLOW_INSECURE_COOKIES,
    ).toBe(true);
    expect(loadEnv({ NODE_ENV: 'development', APP_URL: 'http://localhost:3000' }).APP_URL).toBe('http://localhost:3000');
  });

  it('parses boolean flags', () => {
    expect(loadEnv({ ALLOW_PRIVATE_WEBHOOKS: 'true' }).ALLOW_PRIVATE_WEBHOOKS).toBe(true);
    expect(() => loadEnv({ ALLOW_PRIVATE_WEBHOOKS: 'yes' })).toThrow(/ALLOW_PRIVATE_WEBHOOKS/);
  });

  it('reads TRUST_PROXY as the number of proxies in front: true is one, false none', () => {
    expect(loadEnv({}).TRUST_PROXY).toBe(0);
    expect(loadEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(1);
    expect(loadEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(0);
    expect(loadEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(() => loadEnv({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY.*must be true, false or the number of proxies in front/);
  });

  it('accepts an http(s) STRIPE_API_BASE and refuses anything else, naming it', () => {
    expect(loadEnv({ STRIPE_API_BASE: 'http://127.0.0.1:12111' }).STRIPE_API_BASE).toBe('http://127.0.0.1:12111');
    expect(loadEnv({}).STRIPE_API_BASE).toBeUndefined();
    expect(() => loadEnv({ STRIPE_API_BASE: 'ftp://stripe.example' })).toThrow(
      /^Invalid configuration: STRIPE_API_BASE must be an http\(s\) URL/,
    );
  });
});

describe('installEnvironment', () => {
  it('fills what the environment leaves unset or empty from the install’s .env, and ignores a missing file', async () => {
    const install = await mkdtemp(join(tmpdir(), 'promptcron-env-'));
    try {
      expect(installEnvironment(install, { PORT: '8181' })).toEqual({ PORT: '8181' });
      await writeFile(join(install, '.env'), '# the server\nPORT=8080\nAPP_URL=https://promptcron.example.org\nLOG_LEVEL=debug\n');
      const env = loadEnv(installEnvironment(install, { PORT: '8181', LOG_LEVEL: '' }));
      expect({ port: env.PORT, appUrl: env.APP_URL, logLevel: env.LOG_LEVEL }).toEqual({
        port: 8181,
        appUrl: 'https://promptcron.example.org',
        logLevel: 'debug',
      });
    } finally {
      await rm(install, { recursive: true, force: true });
    }
  });
});
