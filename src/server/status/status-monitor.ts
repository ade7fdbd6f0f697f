import type pg from 'pg';
import { probeDatabase } from '../core/system/check-health';
import type { Database } from '../db/client';
import { isDatabaseUnavailable } from '../db/database-unavailable';
import type { Logger } from '../logger';
import { repeatRound, type RepeatingRound } from '../lib/repeating-round';
import { databaseOutages, type DatabaseOutages } from './database-outages';
import { checkWorkerGap } from './worker-gaps';

export const defaultStatusMonitorIntervalMs = 15_000;

export type StatusMonitor = RepeatingRound;

/**
 * The status page's incidents of an API process (issue 40, docs/decisions/0076): a round every `intervalMs` probes the
 * database (recording an outage once it is back) and looks for a gap in the workers' heartbeats. Rounds never overlap.
 */
export function startStatusMonitor({
  db,
  pool,
  logger,
  outages = databaseOutages,
  intervalMs = defaultStatusMonitorIntervalMs,
}: {
  db: Database;
  pool: pg.Pool;
  logger: Logger;
  outages?: DatabaseOutages;
  intervalMs?: number;
}): StatusMonitor {
  const round = async () => {
    try {
      if (!(await probeDatabase(pool))) {
        outages.noteUnavailable();
        return;
      }
      if (await outages.recordIfBack(db)) logger.info('status: database outage recorded');
      await checkWorkerGap({ db });
    } catch (error) {
      if (isDatabaseUnavailable(error)) outages.noteUnavailable();
      else logger.error({ err: error }, 'status monitor round failed');
    }
  };
  return repeatRound(round, intervalMs);
}
