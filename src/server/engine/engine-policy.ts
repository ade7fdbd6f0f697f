/**
 * The engine's policy: its limits and its retry schedules, apart from the wiring in engine-deps.ts. Every retry
 * delay the engine waits is computed here, by nextAttemptAt.
 */

/** Failed runs in a row after which a task stops firing and its owner is told. */
export const maxConsecutiveFailures = 5;

/** Longer than any run can take: the provider timeout (120 s) across the SDK's retries, plus queueing. */
export const runTimeoutMs = 15 * 60_000;

/**
 * The job slots one user's deliveries may hold in a worker process: a quarter, so slow receivers leave the rest to
 * other users' runs and deliveries. A delivery beyond it waits, holding no slot, until one of the user's frees in the
 * same process, or this long if that process dies first.
 */
export const deliverySharePerUser = (deliverySlots: number) => Math.max(1, Math.floor(deliverySlots / 4));
export const deferredDeliveryFallbackMs = 30_000;
/**
 * How long a run's own first delivery attempt waits, in the slot its run holds (a place of its owner's run share), for
 * one of the owner's delivery slots before it goes to a queued job: the runs of one slot finish together, and their
 * fast attempts free places within milliseconds (ADR 0081).
 */
export const inRunDeliveryWaitMs = 1_000;
/** The slots of a worker process e-mail deliveries may hold together: an SMTP server that hangs leaves the rest. */
export const mailSharePerProcess = (slots: number) => Math.max(1, Math.floor(slots / 2));

/**
 * The slots of a worker process one user's runs may hold at once: all but one, so that a provider hanging on one
 * user's runs always leaves a slot for everyone else, while a single busy user keeps nearly all of an idle process
 * (reserving a quarter cost a one-user burst about 40 % of its throughput, ADR 0037).
 */
export const runSharePerUser = (slots: number) => Math.max(1, slots - 1);
/** A run that started beyond its owner's share, with others at the same instant, waits this long in the queue. */
export const runShareRetryMs = 1_000;

/** How often a worker process says it is alive (ADR 0034). */
export const heartbeatEveryMs = 5_000;

/**
 * A worker process silent this long is taken for dead and its jobs are unlocked for the others: several beats, so a
 * busy event loop or a slow database is not mistaken for a death, and well within issue 18's two minutes.
 */
export const heartbeatStaleAfterMs = 30_000;

/**
 * Delay before webhook attempt n+1 after attempt n failed (index n-1); past the last entry there are no more retries.
 * About 0 s, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h and 24 h (ARCHITECTURE section 6).
 */
export const webhookRetryDelaysMs = [
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  14 * 3_600_000,
  20 * 3_600_000,
  24 * 3_600_000,
];

/** E-mail delivery retries less patiently than webhooks: a mail relay is either up again soon or misconfigured. */
export const emailRetryDelaysMs = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000];

/** ±10 % jitter keeps retries of many runs from arriving at a receiver all at once. */
export const retryJitter = 0.1;

/** Uniform random numbers in [0, 1); tests pass a fixed one. */
export type RandomSource = () => number;

/**
 * When attempt `failedAttempt + 1` should happen after attempt `failedAttempt` failed at `now`: the scheduled delay
 * with jitter, or null when that was the last attempt. Compute it once and use the one value everywhere (the job's
 * run time and the "Next attempt" a user sees), or they drift apart by the jitter.
 */
export function nextAttemptAt({
  delaysMs,
  failedAttempt,
  now = new Date(),
  random = Math.random,
}: {
  delaysMs: readonly number[];
  failedAttempt: number;
  now?: Date;
  random?: RandomSource;
}): Date | null {
  const delay = delaysMs[failedAttempt - 1];
  if (delay === undefined) return null;
  const factor = 1 - retryJitter + 2 * retryJitter * random();
  return new Date(now.getTime() + Math.round(delay * factor));
}
