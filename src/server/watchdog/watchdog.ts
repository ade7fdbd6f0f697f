import type { Database } from '../db/client';
import { isDatabaseUnavailable } from '../db/database-unavailable';
import type { Logger } from '../logger';
import { repeatRound, type RepeatingRound } from '../lib/repeating-round';
import type { Mailer } from '../mail/mailer';
import { overdueSlotsGauge } from '../metrics/metrics';
import { alertAdmins } from './alert-admins';
import { checkOverdueSlots, defaultOverdueAfterMs } from './check-overdue-slots';

export const defaultWatchdogIntervalMs = 15_000;

export interface WatchdogOptions {
  db: Database;
  mailer: Mailer;
  logger: Logger;
  /** The app's public address, for the admin overview's link in the alert. */
  appUrl: string;
  intervalMs?: number;
  overdueAfterMs?: number;
}

export type Watchdog = RepeatingRound;

/**
 * The watchdog of an API process (issue 40, docs/decisions/0075): it watches the scheduler from outside it, so it
 * notices when no worker runs at all. A round every `intervalMs`, the first at once; a round never overlaps the last.
 */
export function startWatchdog({
  intervalMs = defaultWatchdogIntervalMs,
  overdueAfterMs = defaultOverdueAfterMs,
  ...deps
}: WatchdogOptions): Watchdog {
  const { db, logger } = deps;
  const round = async () => {
    try {
      const result = await checkOverdueSlots({ db, overdueAfterMs });
      overdueSlotsGauge.set(result.openSlots);
      if (result.slotsFound > 0) logger.warn({ slots: result.slotsFound }, 'watchdog: overdue slots found');
      if (result.openSlots > 0) await alertAdmins(deps);
    } catch (error) {
      if (isDatabaseUnavailable(error)) logger.warn({ reason: (error as Error).message }, 'watchdog: database unavailable');
      else logger.error({ err: error }, 'watchdog round failed');
    }
  };
  return repeatRound(round, intervalMs);
}
