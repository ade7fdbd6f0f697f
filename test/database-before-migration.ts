import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { connectDatabase, type DatabaseConnection } from '#server/db/client';
import { testLogger, withAdminClient, withDatabase } from './database';

/** The migrations folder as it was before `tag`: the same files, the journal cut before it. */
function migrationsBefore(tag: string): string {
  const source = fileURLToPath(new URL('../drizzle', import.meta.url));
  const copy = mkdtempSync(path.join(tmpdir(), 'promptcron-migrations-'));
  cpSync(source, copy, { recursive: true });
  const journalPath = path.join(copy, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const index = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(index).toBeGreaterThan(0);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, index) }));
  return copy;
}

/**
 * A database of the file's own, migrated up to just before the migration `tag`, for a test of what that migration
 * does to rows written the old way; registered as the file's beforeAll and afterAll. The connection is there once
 * beforeAll ran.
 */
export function useDatabaseBefore(tag: string): () => DatabaseConnection {
  const serverUrl = inject('databaseUrl');
  const name = `promptcron_test_${randomBytes(6).toString('hex')}`;
  let connection: DatabaseConnection | undefined;
  let folder: string | undefined;
  beforeAll(async () => {
    await withAdminClient(serverUrl, (client) => client.query(`create database ${client.escapeIdentifier(name)}`));
    connection = connectDatabase({ url: withDatabase(serverUrl, name), logger: testLogger, max: 3 });
    folder = migrationsBefore(tag);
    await migrate(drizzle(connection.pool), { migrationsFolder: folder });
  });
  afterAll(async () => {
    await connection?.pool.end();
    if (folder) rmSync(folder, { recursive: true, force: true });
    await withAdminClient(serverUrl, (client) => client.query(`drop database if exists ${client.escapeIdentifier(name)} with (force)`));
  });
  return () => {
    if (!connection) throw new Error('The database before the migration is ready in beforeAll.');
    return connection;
  };
}
