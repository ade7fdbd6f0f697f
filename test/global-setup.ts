import { execFile } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '#server/db/embedded-postgres';
import { createLogger } from '#server/logger';
import { createTemplateDatabase } from './database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL connection with the right to create databases; each test file makes its own database. */
    databaseUrl: string;
    /** The migrated database that test databases are copied from (test/database.ts). */
    templateDatabase: string;
  }
}

/**
 * Integration tests run against a real PostgreSQL: TEST_DATABASE_URL when set (CI runs the suite once more against
 * Debian's PostgreSQL 15), otherwise an embedded one started once per run in a temporary directory.
 */
export default async function setup(project: TestProject) {
  // Suites that start the product as `npm start` does run the compiled build: bring dist/ up to date once, beside the
  // database's start.
  const built = promisify(execFile)(process.execPath, ['bin/fresh-build.js']);
  const configured = process.env.TEST_DATABASE_URL;
  if (configured) {
    project.provide('databaseUrl', configured);
    const template = await createTemplateDatabase(configured);
    project.provide('templateDatabase', template.name);
    await built;
    return () => template.drop();
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'promptcron-test-db-'));
  // PostgreSQL runs as the `postgres` user when tests run as root; it must be able to enter the directory.
  await chmod(dataDir, 0o755);
  const database = await startEmbeddedPostgres({ dataDir, logger: createLogger({ level: 'warn' }) });
  project.provide('databaseUrl', database.url);
  const template = await createTemplateDatabase(database.url);
  project.provide('templateDatabase', template.name);
  await built;
  return async () => {
    await template.drop();
    await database.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
