import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { PassThrough } from 'node:stream';
import { createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Database } from '../db/client';
import { appVersion } from '../version';
import {
  BackupError,
  backupFormat,
  backupFormatVersion,
  endLine,
  migrationJournal,
  quoteTable,
  tableLine,
  type BackupHeader,
} from './backup-format';
import { ourTables, sequencesOf } from './our-tables';

/** A statement inside the backup's snapshot transaction. */
export type Query = <Row extends Record<string, unknown>>(text: string) => Promise<Row[]>;

/** Rows fetched from a table's cursor at a time: the backup holds at most this many in memory. */
const fetchSize = 500;

export interface BackupResult {
  header: BackupHeader;
  sizeBytes: number;
}

/** Progress for the operator (the CLI writes it to stderr). */
export type Progress = (line: string) => void;

export interface BackupOptions {
  /** The secret the product signs with, carried in the header (ADR 0095); null when there is none to carry. */
  authSecret: string | null;
  progress?: Progress;
}

/**
 * Backs the database up into `file` from one repeatable-read snapshot, while the product keeps running (ADR 0069).
 * Written to `file.partial` and renamed when complete, so a failed backup never leaves a file that looks whole.
 * Readable by its owner only: it holds the auth secret and the password hashes.
 */
export async function backupWithClient(client: pg.ClientBase, file: string, options: BackupOptions): Promise<BackupResult> {
  await client.query('begin isolation level repeatable read, read only');
  try {
    const result = await writeBackup(async (text) => (await client.query(text)).rows, file, options);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  }
}

/** The same from a worker's database handle (through a pooler too: the cursor lives inside the one transaction). */
export async function backupWithDatabase(db: Database, file: string, options: BackupOptions): Promise<BackupResult> {
  return db.transaction(
    (tx) =>
      writeBackup(
        async <Row extends Record<string, unknown>>(text: string) => (await tx.execute(sql.raw(text))).rows as Row[],
        file,
        options,
      ),
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

async function writeBackup(query: Query, file: string, { authSecret, progress = () => {} }: BackupOptions): Promise<BackupResult> {
  // Values as any PostgreSQL reads them back, whatever this session's settings; no deadline on a long table.
  await query(`set local statement_timeout = 0`);
  await query(`set local timezone = 'UTC'`);
  await query(`set local intervalstyle = 'postgres'`);
  await query(`set local bytea_output = 'hex'`);
  const tables = await ourTables(query);
  if (tables.length === 0) throw new BackupError('The database holds no Promptcron tables: nothing to back up.');
  const header: BackupHeader = {
    format: backupFormat,
    formatVersion: backupFormatVersion,
    appVersion,
    migration: await migrationLevel(query),
    takenAt: new Date().toISOString(),
    postgresVersion: String((await query<{ server_version: string }>('show server_version'))[0]?.server_version),
    tables: [],
    sequences: [],
    authSecret,
  };
  for (const table of tables) {
    const [row] = await query<{ rows: number }>(`select count(*)::int as rows from ${quoteTable(table.name)}`);
    header.tables.push({ name: table.name, rows: row?.rows ?? 0 });
  }
  for (const name of await sequencesOf(query)) {
    const [row] = await query<{ lastValue: string; isCalled: boolean }>(
      `select last_value::text as "lastValue", is_called as "isCalled" from ${quoteTable(name)}`,
    );
    if (row) header.sequences.push({ name, lastValue: row.lastValue, isCalled: row.isCalled });
  }

  const partial = `${file}.partial`;
  const lines = new PassThrough();
  const written = pipeline(lines, createGzip(), createWriteStream(partial, { mode: 0o600 }));
  // A write error surfaces through `written`; until then a full buffer waits for 'drain'.
  const failed = written.then(() => undefined);
  const write = async (text: string) => {
    if (!lines.write(text)) await Promise.race([once(lines, 'drain'), failed]);
  };
  try {
    await write(`${JSON.stringify(header)}\n`);
    for (const table of tables) {
      await write(`${tableLine(table.name)}\n`);
      const columns = table.columns.map((column) => `"${column.replaceAll('"', '""')}"`).join(', ');
      await query(
        `declare backup_rows no scroll cursor for select row_to_json(r)::text as line from (select ${columns} from ${quoteTable(table.name)}) r`,
      );
      for (;;) {
        const rows = await query<{ line: string }>(`fetch forward ${fetchSize} from backup_rows`);
        if (rows.length > 0) await write(`${rows.map((row) => row.line).join('\n')}\n`);
        if (rows.length < fetchSize) break;
      }
      await query('close backup_rows');
      progress(`${table.name}: ${header.tables.find((entry) => entry.name === table.name)?.rows ?? 0} rows`);
    }
    await write(`${endLine}\n`);
    lines.end();
    await written;
    await rename(partial, file);
  } catch (error) {
    lines.destroy();
    await written.catch(() => undefined);
    await rm(partial, { force: true });
    throw error;
  }
  return { header, sizeBytes: (await stat(file)).size };
}

async function migrationLevel(query: Query): Promise<BackupHeader['migration']> {
  const [row] = await query<{ createdAt: string | null }>(`select max(created_at)::text as "createdAt" from drizzle.__drizzle_migrations`);
  const createdAt = Number(row?.createdAt ?? 0);
  return { tag: migrationJournal().find((entry) => entry.when === createdAt)?.tag ?? null, createdAt };
}
