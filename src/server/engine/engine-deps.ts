import type { ProviderId } from '#shared/tasks/catalog';
import type { Database } from '../db/client';
import type { Env } from '../env';
import type { Logger } from '../logger';
import type { Mailer } from '../mail/mailer';
import type { AiProvider } from '../providers/ai-provider';

/** What the scheduler and the jobs need; built once per worker process. */
export interface EngineDeps {
  db: Database;
  env: Env;
  logger: Logger;
  mailer: Mailer;
  providers: Record<ProviderId, AiProvider>;
  /** Delay before webhook attempt n+1 after attempt n failed (index n-1); the last entry ends the retries. */
  webhookRetryDelaysMs?: number[];
}

/** About 0 s, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h and 24 h (ARCHITECTURE section 6). */
export const webhookRetryDelaysMs = [5_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 5 * 3_600_000, 10 * 3_600_000, 14 * 3_600_000, 20 * 3_600_000, 24 * 3_600_000];

export const maxConsecutiveFailures = 5;
