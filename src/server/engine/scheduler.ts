import type pg from 'pg';
import { monthlyRunCounter } from '../core/billing/monthly-runs';
import type { Database } from '../db/client';
import { isDatabaseUnavailable } from '../db/database-unavailable';
import type { Logger } from '../logger';
import { claimBatch, claimDueTasks, upcomingSlot, type ClaimResult } from './claim-due-tasks';
import { listenForTaskChanges } from './task-change-listener';

const longestSleepMs = 30_000;
const batchSize = 500;
/**
 * A claim ahead holds all its batches until the slot anyway, and each batch's scan passes again over the tasks the
 * other schedulers hold (SKIP LOCKED skips them one by one): fewer, bigger batches pass over them fewer times.
 */
const aheadBatchSize = 2_000;
/**
 * The shortest lead: how long before a slot the scheduler starts claiming it. Done ahead and committed at the slot,
 * the runs appear (and their jobs start) on the dot. The claimed tasks stay locked until then, so an edit in those
 * last seconds waits for the slot.
 */
export const claimAheadMs = 3_000;
/**
 * The longest lead (ADR 0072). A slot with many tasks due is claimed as far ahead as its count needs at the claim
 * rate last measured; beyond this, what is left is claimed as overdue right after the slot.
 */
export const longestLeadMs = 90_000;
/** Tasks claimed per second by all schedulers together, until a claim has measured it: a small machine's rate. */
const firstClaimRate = 2_000;
/** A claim is started this much earlier than its count divided by the rate says, for a slower moment. */
const leadSafety = 1.5;
/** How often a slot left due for late work to finish is looked at again. */
const lateWorkPollMs = 250;

/** How far ahead of a slot with `due` tasks the scheduler starts claiming it, at `rate` tasks per second. */
export function claimLeadMs(due: number, rate = firstClaimRate): number {
  return Math.round(Math.min(longestLeadMs, Math.max(claimAheadMs, (due / rate) * 1_000 * leadSafety + 1_000)));
}
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

  /** Tasks per second that the schedulers together claimed ahead of the last slot this process measured. */
  let claimRate = firstClaimRate;

  /**
   * Claims the tasks due at `slot` in one transaction, as if it were the slot already, and commits at the slot: until
   * then no run is visible and no job can start. Batches continue while the slot is ahead; whatever is left when it
   * arrives is claimed as overdue right after. On stop the claim is rolled back so another process fires the slot.
   * Other schedulers claim the same slot's other batches at the same time (SKIP LOCKED), each in its own transaction.
   */
  const claimAhead = async (slot: Date, due: number): Promise<ClaimResult> => {
    try {
      const runCounter = monthlyRunCounter({ db, now: slot });
      const started = performance.now();
      const claimed = await db.transaction(async (tx) => {
        const total = { ...emptyClaim };
        let result;
        do {
          result = await claimBatch(tx, { now: slot, batchSize: aheadBatchSize, runCounter });
          total.claimed += result.claimed;
          total.runsStarted += result.runsStarted;
          total.slotsSkipped += result.slotsSkipped;
        } while (running && result.claimed === aheadBatchSize && now().getTime() < slot.getTime());
        // Nothing left to claim: every scheduler together went through the slot's count in this time. A process that
        // joined late measures too high a rate, so the rate at most doubles; a claim the slot cut short halves it.
        const seconds = (performance.now() - started) / 1_000;
        if (result.claimed < aheadBatchSize && due >= 2 * aheadBatchSize) claimRate = Math.min(due / seconds, claimRate * 2);
        else if (result.claimed === aheadBatchSize) claimRate /= 2;
        claimRate = Math.max(firstClaimRate / 4, claimRate);
        // A big slot's claim is what decides how early the next one starts: worth a line in the operator's log.
        if (total.claimed > aheadBatchSize)
          logger.info(
            {
              ...total,
              slot,
              claimMs: Math.round(seconds * 1_000),
              msBeforeSlot: slot.getTime() - now().getTime(),
              claimRate: Math.round(claimRate),
            },
            'scheduler claimed a big slot ahead',
          );
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

        const { next, due, waiting } = await upcomingSlot(db, { now: now(), horizonMs: longestLeadMs });
        const untilNext = next ? next.getTime() - now().getTime() : Infinity;
        const lead = untilNext <= longestLeadMs ? claimLeadMs(due, claimRate) : longestLeadMs;
        if (next && untilNext > 0 && untilNext <= lead) {
          const ahead = await claimAhead(next, due);
          if (ahead.runsStarted || ahead.slotsSkipped) logger.debug({ ...ahead, slot: next }, 'scheduler claimed a slot ahead');
          // All held: by an edit for a moment, or by other schedulers until the slot, which may be a minute away.
          if (ahead.claimed === 0 && running) await sleep(Math.max(aheadRetryMs, Math.min(untilNext / 10, 1_000)));
          continue;
        }
        // An overdue task that nobody could claim is held by another scheduler (or an edit) for a moment.
        const sleepMs = untilNext <= 0 ? (claimedAny ? 0 : lockedRetryMs) : Math.min(untilNext - lead, longestSleepMs);
        if (sleepMs > 0) await sleep(waiting ? Math.min(sleepMs, lateWorkPollMs) : sleepMs);
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
