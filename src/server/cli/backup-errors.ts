import pg from 'pg';
import { EmbeddedPostgresError } from '../db/embedded-postgres';
import { ConfigError } from '../env';
import { StartupError } from '../http-server';
import { BackupError } from '../backup/backup-format';

/**
 * Ends a backup or restore command that failed: an operator's mistake or a refusal (a bad setting, a missing file,
 * a non-empty database, a newer backup, the database's own refusal) is one line on stderr without a stack.
 */
export function exitWithError(error: unknown): never {
  if (
    error instanceof BackupError ||
    error instanceof ConfigError ||
    error instanceof StartupError ||
    error instanceof EmbeddedPostgresError
  ) {
    console.error(error.message);
    process.exit(1);
  }
  if (error instanceof pg.DatabaseError) {
    console.error(`The database refused: ${error.message}`);
    process.exit(1);
  }
  throw error;
}
