import type pg from 'pg';
import { tasksChangedChannel } from '../db/channels';
import type { Logger } from '../logger';

const firstRetryMs = 500;
const longestRetryMs = 5_000;

/**
 * The scheduler's LISTEN for task changes, kept alive across database outages: a lost connection is replaced with
 * backoff, and `onChange` is called once listening again, since whatever was announced meanwhile is gone.
 */
export async function listenForTaskChanges({ pool, logger, onChange }: { pool: pg.Pool; logger: Logger; onChange: () => void }) {
  let stopped = false;
  let client: pg.PoolClient | undefined;
  let retryTimer: NodeJS.Timeout | undefined;

  const connect = async () => {
    const candidate = await pool.connect();
    const lost = (error?: Error) => {
      if (client !== candidate) return;
      client = undefined;
      candidate.release(error ?? true); // a broken connection is closed, not returned to the pool
      if (stopped) return;
      logger.warn({ reason: error?.message }, 'task change listener lost its connection; reconnecting');
      retry(firstRetryMs);
    };
    client = candidate;
    candidate.on('error', lost);
    candidate.on('end', () => lost());
    candidate.on('notification', onChange);
    try {
      await candidate.query(`listen ${tasksChangedChannel}`);
    } catch (error) {
      if (client === candidate) {
        client = undefined;
        candidate.release(true);
      }
      throw error;
    }
  };

  const retry = (delayMs: number) => {
    retryTimer = setTimeout(() => {
      connect().then(
        () => {
          logger.info('task change listener reconnected');
          onChange();
        },
        (error: Error) => {
          if (!stopped) retry(Math.min(delayMs * 2, longestRetryMs));
          logger.debug({ reason: error.message }, 'task change listener could not reconnect yet');
        },
      );
    }, delayMs);
  };

  await connect();
  return {
    async stop() {
      stopped = true;
      clearTimeout(retryTimer);
      const current = client;
      client = undefined;
      if (!current) return;
      await current.query(`unlisten ${tasksChangedChannel}`).catch(() => undefined);
      current.release();
    },
  };
}
