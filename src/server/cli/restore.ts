import { parseArgs } from 'node:util';
import { withBackupTarget } from '../backup/backup-connection';
import { restoreAuthSecret } from '../backup/backup-secrets';
import { restoreBackup } from '../backup/restore-backup';
import { connectDatabase } from '../db/client';
import { loadEnv } from '../env';
import { createLogger } from '../logger';
import { exitWithError } from './backup-errors';
import { migrateDatabase } from '../migrate';

/**
 * `npm run restore -- FILE [--force]`: loads a backup of `npm run backup` or of the nightly job (ADR 0069) into an
 * empty database, then migrates it to this version, as a start would.
 */
const usage = `Usage: npm run restore -- FILE [--force]

Restores the backup FILE into the database (DATABASE_URL, else the embedded one in DATA_DIR, created when missing),
and its auth secret into DATA_DIR/secrets/auth-secret. The database must be empty: stop the product first.

Options:
  --force   replace what the database holds (everything of Promptcron's in it is dropped first)
  --help    this text`;

let parsed: { values: { force?: boolean; help?: boolean }; positionals: string[] };
try {
  parsed = parseArgs({ options: { force: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } }, allowPositionals: true });
} catch {
  console.error(usage);
  process.exit(2);
}
if (parsed.values.help) {
  console.log(usage);
  process.exit(0);
}
const [file, ...extra] = parsed.positionals;
if (!file || extra.length > 0) {
  console.error(usage);
  process.exit(2);
}

try {
  const env = loadEnv();
  const logger = createLogger({ level: env.LOG_LEVEL === 'info' ? 'warn' : env.LOG_LEVEL });
  const header = await withBackupTarget({ env, logger, create: true }, async ({ client, url, label }) => {
    const restored = await restoreBackup({
      client,
      file,
      force: parsed.values.force,
      target: label,
      progress: (line) => console.error(line),
    });
    const { pool } = connectDatabase({ url, logger, max: 2 }); // migrations hold one connection and use another
    try {
      await migrateDatabase({ pool, logger });
    } finally {
      await pool.end();
    }
    return restored;
  });
  const authSecret = await restoreAuthSecret(env, header);
  const rows = header.tables.reduce((sum, table) => sum + table.rows, 0);
  console.log(
    `Restored ${file} (taken ${header.takenAt} by Promptcron ${header.appVersion}): ${rows} rows in ${header.tables.length} tables.`,
  );
  console.log(authSecret);
  process.exit(0);
} catch (error) {
  exitWithError(error);
}
