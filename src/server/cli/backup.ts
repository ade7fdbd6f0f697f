import { parseArgs } from 'node:util';
import { withBackupTarget } from '../backup/backup-connection';
import { noAuthSecretWarning } from '../backup/backup-secrets';
import { existingAuthSecret } from '../lib/auth-secret';
import { backupWithClient } from '../backup/take-backup';
import { formatBytes } from '#shared/format-bytes';
import { loadEnv } from '../env';
import { createLogger } from '../logger';
import { exitWithError } from './backup-errors';

/**
 * `npm run backup -- --out FILE`: a consistent backup of the product's database while it runs (ADR 0069), which
 * `npm run restore` loads into any PostgreSQL from 15 on.
 */
const usage = `Usage: npm run backup -- --out FILE

Writes a backup of the database (DATABASE_URL, else the embedded one in DATA_DIR) and of the auth secret
(AUTH_SECRET, else DATA_DIR/secrets/auth-secret) to FILE, gzipped JSON Lines readable by you only.
The product may keep running meanwhile. Restore it with: npm run restore -- FILE

Options:
  --out FILE   where to write the backup (e.g. promptcron-2026-11-26.jsonl.gz)
  --help       this text`;

let options: { out?: string; help?: boolean };
try {
  options = parseArgs({ options: { out: { type: 'string' }, help: { type: 'boolean', short: 'h' } } }).values;
} catch {
  console.error(usage);
  process.exit(2);
}
if (options.help) {
  console.log(usage);
  process.exit(0);
}
const out = options.out;
if (!out) {
  console.error(usage);
  process.exit(2);
}

try {
  const env = loadEnv();
  const logger = createLogger({ level: env.LOG_LEVEL === 'info' ? 'warn' : env.LOG_LEVEL });
  const { header, sizeBytes } = await withBackupTarget({ env, logger, create: false }, async ({ client }) => {
    const authSecret = await existingAuthSecret(env);
    if (authSecret === null) console.error(noAuthSecretWarning(env));
    return backupWithClient(client, out, { authSecret, progress: (line) => console.error(line) });
  });
  const rows = header.tables.reduce((sum, table) => sum + table.rows, 0);
  console.log(`Backup written to ${out}: ${rows} rows in ${header.tables.length} tables, ${formatBytes(sizeBytes)}.`);
  process.exit(0);
} catch (error) {
  exitWithError(error);
}
