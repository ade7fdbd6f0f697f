import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Database } from '../db/client';
import { backups } from '../db/schema/backups';
import type { Env } from '../env';
import type { Logger } from '../logger';
import { existingAuthSecret } from '../lib/auth-secret';
import { noAuthSecretWarning } from './backup-secrets';
import { backupWithDatabase } from './take-backup';

const dayMs = 86_400_000;
/** The nightly files: `promptcron-2026-11-26-0247.jsonl.gz`; other files in the folder are left alone. */
const nightlyName = /^promptcron-\d{4}-\d{2}-\d{2}-\d{4}\.jsonl\.gz$/;

export function nightlyFileName(at: Date): string {
  const iso = at.toISOString();
  return `promptcron-${iso.slice(0, 10)}-${iso.slice(11, 13)}${iso.slice(14, 16)}.jsonl.gz`;
}

/**
 * The nightly backup (issue 38, ADR 0069), run by one worker from the job queue's crontab: a backup into
 * DATA_DIR/backups, its outcome recorded for the admin overview, and the files older than BACKUP_RETENTION_DAYS
 * deleted. A failure is recorded, then thrown so the queue tries again.
 */
export async function runNightlyBackup(
  { db, env, logger }: { db: Database; env: Env; logger: Logger },
  { now = new Date() }: { now?: Date } = {},
): Promise<void> {
  const folder = join(env.DATA_DIR, 'backups');
  const fileName = nightlyFileName(now);
  try {
    await mkdir(folder, { recursive: true, mode: 0o700 });
    const authSecret = await existingAuthSecret(env);
    if (authSecret === null) logger.warn(noAuthSecretWarning(env));
    const { sizeBytes } = await backupWithDatabase(db, join(folder, fileName), { authSecret });
    await db.insert(backups).values({ fileName, sizeBytes });
    logger.info({ file: join(folder, fileName), sizeBytes }, 'nightly backup written');
  } catch (error) {
    const message = (error as Error).message || String(error);
    await db.insert(backups).values({ error: message });
    logger.error({ err: error }, 'the nightly backup failed');
    throw error;
  }
  await pruneBackups(folder, new Date(now.getTime() - env.BACKUP_RETENTION_DAYS * dayMs), logger);
}

/** Deletes the nightly files last written before `cutoff`. */
async function pruneBackups(folder: string, cutoff: Date, logger: Logger): Promise<void> {
  for (const name of await readdir(folder)) {
    if (!nightlyName.test(name)) continue;
    const path = join(folder, name);
    if ((await stat(path)).mtime < cutoff) {
      await rm(path, { force: true });
      logger.info({ file: path }, 'deleted a backup past BACKUP_RETENTION_DAYS');
    }
  }
}
