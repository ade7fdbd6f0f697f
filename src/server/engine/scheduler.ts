import type pg from 'pg';
import { tasksChangedChannel } from '../core/tasks/notify-tasks-changed';
import type { Database } from '../db/client';
import type { Logger } from '../logger';
import { claimDueTasks, earliestNextFire } from './claim-due-tasks';


const longestSleepMs = 30_000;
const batchSize = 500;

/**
 * The scheduler loop of one worker process (any number may run): claim everything due, then sleep until the
 * earliest next fire time, a task change, or 30 s at most, whichever comes first.
 */
export async function startScheduler({ db, pool, logger, now = () => new Date() }: { db: Database; pool: pg.Pool; logger: Logger; /** The clock; tests move it. */ now?: () => Date }) {
  let running = true;
  let wake: (() => void) | undefined;
  const listener = await pool.connect();
  await listener.query(`listen ${tasksChangedChannel}`);
  listener.on('notification', () => wake?.());

  const loop = (async () => {
    while (running) {
      try {
        let result;
        do {
          result = await claimDueTasks({ db, batchSize, now: now() });
          if (result.runsStarted || result.slotsSkipped) logger.debug(result, 'scheduler claimed due tasks');
        } while (running && result.claimed === batchSize);
        const next = await earliestNextFire(db);
        const sleepMs = next ? Math.min(Math.max(next.getTime() - now().getTime(), 0), longestSleepMs) : longestSleepMs;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, sleepMs);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      } catch (error) {
        logger.error({ err: error }, 'scheduler step failed; retrying in a second');
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
    }
  })();
  logger.info('scheduler started');

  return {
    async stop() {
      running = false;
      wake?.();
      await loop;
      await listener.query(`unlisten ${tasksChangedChannel}`).catch(() => undefined);
      listener.release();
    },
  };
}
