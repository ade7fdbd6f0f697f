import { createReadStream } from 'node:fs';
import { access } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type pg from 'pg';
import { appVersion } from '../version';
import { BackupError, backupHeaderSchema, migrationJournal, migrationsFolder, quoteTable, type BackupHeader } from './backup-format';
import type { Progress } from './take-backup';

/** Rows per insert, and the text one insert may carry: a batch is one `json_populate_recordset` parameter. */
const batchRows = 500;
const batchChars = 8_000_000;

/** The lines of a backup file, ungzipped; a file that is not gzip fails as "not a backup". */
async function* backupLines(file: string): AsyncGenerator<string> {
  try {
    await access(file);
  } catch {
    throw new BackupError(`${file}: no such file.`);
  }
  const gunzip = createGunzip();
  const lines = createInterface({ input: createReadStream(file).pipe(gunzip), crlfDelay: Infinity });
  try {
    for await (const line of lines) yield line;
  } catch (error) {
    // zlib's errors (Z_DATA_ERROR, Z_BUF_ERROR): not gzip at all, or a copy cut off.
    if (String((error as { code?: string }).code).startsWith('Z_'))
      throw new BackupError(`${file} is not a Promptcron backup (or is damaged).`);
    throw error;
  } finally {
    lines.close();
    gunzip.destroy();
  }
}

/** The header of a backup file: checked to be one, and of a migration level this build knows. */
export async function readBackupHeader(file: string): Promise<BackupHeader> {
  for await (const line of backupLines(file)) return parseHeader(file, line);
  throw new BackupError(`${file} is not a Promptcron backup.`);
}

function parseHeader(file: string, line: string): BackupHeader {
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch {
    throw new BackupError(`${file} is not a Promptcron backup.`);
  }
  const header = backupHeaderSchema.safeParse(json);
  if (!header.success) throw new BackupError(`${file} is not a Promptcron backup this version can read.`);
  return header.data;
}

/** The migrations that make the schema the backup was taken at: all up to and including its level. */
function migrationsUpTo(header: BackupHeader) {
  const journal = migrationJournal();
  const newest = journal.at(-1);
  if (newest && header.migration.createdAt > newest.when) {
    throw new BackupError(
      `This backup is from Promptcron ${header.appVersion}${header.migration.tag ? ` (migration ${header.migration.tag})` : ''}, newer than this one (${appVersion}, whose newest migration is ${newest.tag}). Restore it with that version or a newer one.`,
    );
  }
  if (!journal.some((entry) => entry.when === header.migration.createdAt)) {
    throw new BackupError(`This backup's migration level (${header.migration.createdAt}) is not one this version knows.`);
  }
  return readMigrationFiles({ migrationsFolder: migrationsFolder() }).filter(
    (migration) => migration.folderMillis <= header.migration.createdAt,
  );
}

/** Whether the database holds anything of ours (or of the job queue's). */
export async function isEmptyDatabase(client: pg.ClientBase): Promise<boolean> {
  const { rows } = await client.query<{ found: boolean }>(`
    select exists (
      select 1 from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p', 'v', 'm', 'S') and n.nspname in ('public', 'drizzle', 'graphile_worker')
        and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')
    ) as found`);
  return !rows[0]?.found;
}

/**
 * Replacing a database under a running product would drop its tables beneath open transactions and leave its workers
 * and schedulers writing into a half-restored schema; any other session on the database means someone still uses it.
 */
async function refuseWhileInUse(client: pg.ClientBase, target: string): Promise<void> {
  const { rows } = await client.query<{ sessions: number }>(
    `select count(*)::int as sessions from pg_stat_activity
     where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
  );
  const sessions = rows[0]?.sessions ?? 0;
  if (sessions > 0) {
    throw new BackupError(
      `${target} is in use by ${sessions} other ${sessions === 1 ? 'connection' : 'connections'}: stop Promptcron (server and workers) before restoring over it.`,
    );
  }
}

/**
 * Restores `file` into the database `client` is connected to (ADR 0069), in one transaction, so a restore that fails
 * leaves the database as it was: the schema as the backup's migration level made it, then the rows table by table
 * in the backup's (foreign-key) order with our triggers off, then the sequences. Needs no superuser: nothing but our
 * own tables is touched. The start-up migrations then bring it to this version's level. `target` names the database
 * in the refusal.
 */
export async function restoreBackup({
  client,
  file,
  force = false,
  target,
  progress = () => {},
}: {
  client: pg.ClientBase;
  file: string;
  force?: boolean;
  target: string;
  progress?: Progress;
}): Promise<BackupHeader> {
  const header = await readBackupHeader(file);
  const migrations = migrationsUpTo(header);
  if (!force && !(await isEmptyDatabase(client))) throw new BackupError(`${target} is not empty; pass --force to replace it.`);
  if (force) await refuseWhileInUse(client, target);

  await client.query('begin');
  try {
    await client.query('set local statement_timeout = 0');
    if (force) {
      await client.query('drop schema if exists graphile_worker cascade');
      await client.query('drop schema if exists drizzle cascade');
      await client.query('drop schema if exists public cascade');
      await client.query('create schema public');
    }
    // As drizzle's migrator creates its record; the rows come from the backup.
    await client.query('create schema if not exists drizzle');
    await client.query(
      'create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)',
    );
    for (const migration of migrations) for (const statement of migration.sql) if (statement.trim()) await client.query(statement);
    // Our triggers derive rows from the ones being written (a session records a sign-in) and notify listeners; the
    // backup already holds what they derived, so loading through them would write it twice (ADR 0095). A table's
    // owner may switch them off without being a superuser; the foreign keys' own triggers stay on and check every row.
    const tables = header.tables.map((table) => quoteTable(table.name));
    for (const table of tables) await client.query(`alter table ${table} disable trigger user`);
    // Some migrations write rows (the plans); the backup holds them as they were.
    await client.query(`truncate ${tables.join(', ')}`);
    progress(`schema created at migration ${header.migration.tag ?? header.migration.createdAt}`);

    await loadRows(client, file, header, progress);
    for (const table of tables) await client.query(`alter table ${table} enable trigger user`);
    for (const sequence of header.sequences) {
      await client.query('select setval($1::regclass, $2::bigint, $3)', [quoteTable(sequence.name), sequence.lastValue, sequence.isCalled]);
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  }
  return header;
}

async function loadRows(client: pg.ClientBase, file: string, header: BackupHeader, progress: Progress): Promise<void> {
  const expected = new Map(header.tables.map((table) => [table.name, table.rows]));
  let table: { name: string; insert: string; loaded: number } | undefined;
  let batch: string[] = [];
  let batchSize = 0;
  let ended = false;

  const flush = async () => {
    if (!table || batch.length === 0) return;
    await client.query(table.insert, [`[${batch.join(',')}]`]);
    table.loaded += batch.length;
    batch = [];
    batchSize = 0;
  };
  const finishTable = async () => {
    await flush();
    if (!table) return;
    if (table.loaded !== expected.get(table.name)) {
      throw new BackupError(`${file} is damaged: ${table.name} holds ${table.loaded} rows, its header says ${expected.get(table.name)}.`);
    }
    progress(`${table.name}: ${table.loaded} rows`);
  };

  let first = true;
  for await (const line of backupLines(file)) {
    if (first) {
      first = false;
      continue; // the header, read already
    }
    if (ended || !line) continue;
    if (line.startsWith('[')) {
      const marker = JSON.parse(line) as [string, string?];
      await finishTable();
      if (marker[0] === 'end') {
        ended = true;
        table = undefined;
        continue;
      }
      const name = String(marker[1]);
      if (!expected.has(name)) throw new BackupError(`${file} is damaged: it holds the table ${name}, which its header does not list.`);
      table = { name, insert: await insertFor(client, name), loaded: 0 };
      continue;
    }
    if (!table) throw new BackupError(`${file} is damaged: rows before any table.`);
    batch.push(line);
    batchSize += line.length;
    if (batch.length >= batchRows || batchSize >= batchChars) await flush();
  }
  if (!ended) throw new BackupError(`${file} is cut off: it ends before the end of the backup.`);
}

/** The insert of one batch into `name`: its columns less generated ones, identity values kept as they were. */
async function insertFor(client: pg.ClientBase, name: string): Promise<string> {
  const { rows } = await client.query<{ column: string; identity: string }>(
    `select attname::text as column, attidentity::text as identity from pg_attribute
     where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = '' order by attnum`,
    [quoteTable(name)],
  );
  if (rows.length === 0) throw new BackupError(`The table ${name} of the backup is missing at its migration level.`);
  const columns = rows.map((row) => `"${row.column.replaceAll('"', '""')}"`).join(', ');
  const overriding = rows.some((row) => row.identity === 'a') ? ' overriding system value' : '';
  return `insert into ${quoteTable(name)} (${columns})${overriding} select ${columns} from json_populate_recordset(null::${quoteTable(name)}, $1::json)`;
}
