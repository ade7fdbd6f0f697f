import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/**
 * A backup file (ADR 0069): gzipped JSON Lines. The first line is the header; then, for each table in foreign-key
 * order, a `["table", name]` line followed by its rows, one `row_to_json` object a line; `["end"]` closes the file, so
 * a cut-off copy is told apart from a complete one. From format 2 the header carries the auth secret (ADR 0095).
 */
export const backupFormat = 'promptcron-backup';
export const backupFormatVersion = 2;

const headerFields = {
  format: z.literal(backupFormat),
  appVersion: z.string(),
  /** The newest migration applied to the database, as drizzle records it (`created_at`) and the journal names it. */
  migration: z.object({ tag: z.string().nullable(), createdAt: z.number() }),
  takenAt: z.string(),
  postgresVersion: z.string(),
  tables: z.array(z.object({ name: z.string(), rows: z.number().int() })),
  sequences: z.array(z.object({ name: z.string(), lastValue: z.string(), isCalled: z.boolean() })),
};

export const backupHeaderSchema = z.union([
  z.object({
    ...headerFields,
    formatVersion: z.literal(backupFormatVersion),
    /**
     * What the product signed sessions and e-mailed links with (AUTH_SECRET, else DATA_DIR/secrets/auth-secret);
     * null when the backup found neither.
     */
    authSecret: z.string().min(32).nullable(),
  }),
  // Before the secret travelled: such a backup restores as one that holds none.
  z.object({ ...headerFields, formatVersion: z.literal(1) }).transform((header) => ({ ...header, authSecret: null })),
]);

export type BackupHeader = z.infer<typeof backupHeaderSchema>;

export const tableLine = (name: string) => JSON.stringify(['table', name]);
export const endLine = JSON.stringify(['end']);

/** An operator's mistake (a missing file, not a backup, a non-empty target): the CLIs print it as one line. */
export class BackupError extends Error {
  override name = 'BackupError';
}

/**
 * drizzle/ at the product's root: found upwards from this file, which is src/server/backup/ under tsx and
 * dist/server/ in the compiled build (ADR 0071).
 */
export function migrationsFolder(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, 'drizzle');
    if (existsSync(join(candidate, 'meta', '_journal.json'))) return candidate;
    const parent = dirname(dir);
    if (parent === dir) throw new Error('drizzle/meta/_journal.json not found above the server');
    dir = parent;
  }
}

export interface JournalEntry {
  tag: string;
  when: number;
}

/** The migrations this build carries, oldest first (drizzle/meta/_journal.json). */
export function migrationJournal(): JournalEntry[] {
  const journal = JSON.parse(readFileSync(join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] };
  return journal.entries;
}

/** A name quoted for SQL: `public.user` as `"public"."user"`. */
export function quoteTable(name: string): string {
  return name
    .split('.')
    .map((part) => `"${part.replaceAll('"', '""')}"`)
    .join('.');
}
