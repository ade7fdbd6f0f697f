import type pg from 'pg';
import { probeDatabase } from '../core/system/check-health';
import type { Database } from '../db/client';
import { isDatabaseUnavailable } from '../db/database-unavailable';
import type { Logger } from '../logger';
import { databaseOutages, type DatabaseOutages } from './database-outages';
import { checkWorkerGap } from './worker-gaps';

export const defaultStatusMonitorIntervalMs = 15_000;

export interface StatusMonitor {
  /** Runs a round now (tests); resolves when it is done. */
  check(): Promise<void>;
  stop(): Promise<void>;
}

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
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

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
  const check = () => (running = running.then(round));
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => void check().then(schedule), intervalMs);
    timer.unref();
  };
  void check().then(schedule);
  return {
    check,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
