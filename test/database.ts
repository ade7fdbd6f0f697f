import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { connectDatabase, type DatabaseConnection } from '#server/db/client';
import { migrateDatabase } from '#server/migrate';
import { createLogger } from '#server/logger';

export interface TestDatabase extends DatabaseConnection {
  url: string;
  /** Closes the pool and drops the database. */
  drop(): Promise<void>;
  /** Something to stop before the pool closes, because it holds a connection (an app's LISTEN for run events). */
  beforeDrop(stop: () => Promise<void>): void;
}

export const testLogger = createLogger({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });

/**
 * A fresh, migrated database of its own, so test files never see each other's rows and can run in parallel: a copy
 * of the template that global-setup.ts migrated once (`CREATE DATABASE … TEMPLATE`), which takes a fraction of the
 * time migrating each file's database did.
 */
export async function createTestDatabase({ maxConnections = 5 }: { maxConnections?: number } = {}): Promise<TestDatabase> {
  const serverUrl = inject('databaseUrl');
  const name = `promptcron_test_${randomBytes(6).toString('hex')}`;
  await createDatabaseFrom(serverUrl, name, inject('templateDatabase'));
  const url = withDatabase(serverUrl, name);
  const connection = connectDatabase({ url, logger: testLogger, max: maxConnections });
  const stopFirst: (() => Promise<void>)[] = [];
  return {
    ...connection,
    url,
    beforeDrop: (stop) => stopFirst.push(stop),
    async drop() {
      await Promise.all(stopFirst.map((stop) => stop()));
      await connection.pool.end();
      await dropDatabase(serverUrl, name);
    },
  };
}

/**
 * The setup of a file on a database of its own: made by `make` in the file's beforeAll, dropped with its database in
 * its afterAll. The function returned hands it out once beforeAll ran.
 */
export function useOwnDatabase<Made extends { database: TestDatabase }>(name: string, make: () => Promise<Made>): () => Made {
  let made: Made | undefined;
  beforeAll(async () => {
    made = await make();
  });
  afterAll(async () => {
    await made?.database.drop();
  });
  return () => {
    if (!made) throw new Error(`${name}: its beforeAll has not run yet (use it inside tests and hooks)`);
    return made;
  };
}

/** Creates and migrates the database every test database is copied from; global-setup.ts calls it once a run. */
export async function createTemplateDatabase(serverUrl: string): Promise<{ name: string; drop(): Promise<void> }> {
  const name = `promptcron_test_template_${randomBytes(6).toString('hex')}`;
  await withAdminClient(serverUrl, (client) => client.query(`create database ${client.escapeIdentifier(name)}`));
  const connection = connectDatabase({ url: withDatabase(serverUrl, name), logger: testLogger, max: 2 });
  try {
    await migrateDatabase({ pool: connection.pool, logger: testLogger });
  } finally {
    // A template with a connection open cannot be copied.
    await connection.pool.end();
  }
  return { name, drop: () => dropDatabase(serverUrl, name) };
}

/**
 * Copies the template. Copies of one template may run at once, but PostgreSQL refuses one while anything is
 * connected to the template (an autovacuum worker, briefly, after the migration), so it tries again.
 */
async function createDatabaseFrom(serverUrl: string, name: string, template: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await withAdminClient(serverUrl, (client) =>
        client.query(`create database ${client.escapeIdentifier(name)} template ${client.escapeIdentifier(template)}`),
      );
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006' || attempt >= 40) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/**
 * Drops a test database. An autovacuum worker busy in it belongs to no role, so a role that is not a superuser (or in
 * pg_signal_backend) cannot end it and the drop fails with 42501; the worker is done within moments, so try again.
 */
async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await withAdminClient(serverUrl, (client) => client.query(`drop database if exists ${client.escapeIdentifier(name)} with (force)`));
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '42501' || attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/** `url` with its database replaced by `database`. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** A connection of its own to `url`'s server, for statements a pool must not run (CREATE and DROP DATABASE). */
export async function withAdminClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
