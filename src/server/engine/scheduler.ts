import type pg from 'pg';
import { monthlyRunCounter } from '../core/billing/monthly-runs';
import type { Database } from '../db/client';
import { isDatabaseUnavailable } from '../db/database-unavailable';
import type { Logger } from '../logger';
import { claimBatch, claimDueTasks, earliestNextFire, type ClaimResult } from './claim-due-tasks';
import { listenForTaskChanges } from './task-change-listener';

const longestSleepMs = 30_000;
const batchSize = 500;
/**
 * How long before a slot the scheduler starts claiming it. Claiming ten thousand tasks takes a second or two on a
 * small machine; done ahead and committed at the slot, the runs appear (and their jobs start) on the dot. The
 * claimed tasks stay locked until then, so an edit in those last seconds waits for the slot.
 */
export const claimAheadMs = 3_000;
/** A due task another scheduler holds is retried after this pause instead of in a tight loop. */
const lockedRetryMs = 25;
/**
 * A slot ahead whose tasks are all held (by another scheduler's claim, or an edit that was saving just then) is
 * tried again after this pause, rather than waiting for the slot in an empty transaction.
 */
const aheadRetryMs = 100;

const emptyClaim: ClaimResult = { claimed: 0, runsStarted: 0, slotsSkipped: 0 };
class SchedulerStopped extends Error {}

/**
 * The scheduler loop of one worker process (any number may run): claim everything overdue, claim the next slot
 * ahead of time and commit it at the slot, then sleep until the next slot comes near, a task changes, or 30 s pass.
 */
export async function startScheduler({
  db,
  pool,
  logger,
  now = () => new Date(),
}: {
  db: Database;
  pool: pg.Pool;
  logger: Logger;
  /** The clock; tests move it. */ now?: () => Date;
}) {
  let running = true;
  let wake: (() => void) | undefined;
  // A change heard while the loop was not asleep (claiming, reading the next fire time) must not be lost: the loop
  // would then sleep on a next fire time read before the change, up to 30 s past a task made due.
  let changedSinceLook = false;
  const listener = await listenForTaskChanges({
    pool,
    logger,
    onChange: () => {
      changedSinceLook = true;
      wake?.();
    },
  });

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (changedSinceLook || !running) return resolve();
      const awake = () => {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      };
      const timer = setTimeout(awake, ms);
      wake = awake;
    });

  /** Waits for the clock to reach `slot`, in short steps so that a test's clock and stop() are both noticed. */
  const waitForSlot = async (slot: Date) => {
    for (let left = slot.getTime() - now().getTime(); left > 0 && running; left = slot.getTime() - now().getTime()) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(left, 50)));
    }
    if (!running) throw new SchedulerStopped();
  };

  /**
   * Claims the tasks due at `slot` in one transaction, as if it were the slot already, and commits at the slot: until
   * then no run is visible and no job can start. Batches continue while the slot is ahead; whatever is left when it
   * arrives is claimed as overdue right after. On stop the claim is rolled back so another process fires the slot.
   */
  const claimAhead = async (slot: Date): Promise<ClaimResult> => {
    try {
      const runCounter = monthlyRunCounter({ db, now: slot });
      const claimed = await db.transaction(async (tx) => {
        const total = { ...emptyClaim };
        let result;
        do {
          result = await claimBatch(tx, { now: slot, batchSize, runCounter });
          total.claimed += result.claimed;
          total.runsStarted += result.runsStarted;
          total.slotsSkipped += result.slotsSkipped;
        } while (running && result.claimed === batchSize && now().getTime() < slot.getTime());
        if (total.claimed > 0) await waitForSlot(slot);
        return total;
      });
      await runCounter.settle(db);
      return claimed;
    } catch (error) {
      if (error instanceof SchedulerStopped) return emptyClaim;
      throw error;
    }
  };

  const loop = (async () => {
    while (running) {
      changedSinceLook = false;
      try {
        let result;
        let claimedAny = false;
        do {
          result = await claimDueTasks({ db, batchSize, now: now() });
          claimedAny ||= result.claimed > 0;
          if (result.runsStarted || result.slotsSkipped) logger.debug(result, 'scheduler claimed due tasks');
        } while (running && result.claimed === batchSize);
        if (!running) break;

        const next = await earliestNextFire(db);
        const untilNext = next ? next.getTime() - now().getTime() : Infinity;
        if (next && untilNext > 0 && untilNext <= claimAheadMs) {
          const ahead = await claimAhead(next);
          if (ahead.runsStarted || ahead.slotsSkipped) logger.debug({ ...ahead, slot: next }, 'scheduler claimed a slot ahead');
          if (ahead.claimed === 0 && running) await sleep(aheadRetryMs);
          continue;
        }
        // An overdue task that nobody could claim is held by another scheduler (or an edit) for a moment.
        const sleepMs = untilNext <= 0 ? (claimedAny ? 0 : lockedRetryMs) : Math.min(untilNext - claimAheadMs, longestSleepMs);
        if (sleepMs > 0) await sleep(sleepMs);
      } catch (error) {
        if (isDatabaseUnavailable(error))
          logger.warn({ reason: (error as Error).message }, 'database unavailable; scheduler retrying in a second');
        else logger.error({ err: error }, 'scheduler step failed; retrying in a second');
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
      await listener.stop();
    },
  };
}
