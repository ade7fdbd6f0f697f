export type Sleep = (milliseconds: number) => Promise<void>;

export type RetryWithBackoffOptions = {
  /** Further attempts after the first one, so at most `retries + 1` calls. */
  retries: number;
  /** The wait before the first retry; each later wait doubles it. */
  baseDelayMs: number;
  /** Each wait is multiplied by a factor drawn uniformly from [min, max], so clients that failed together retry apart. */
  jitter: { min: number; max: number };
  /** Only failures this answers true for are retried; any other is thrown at once. */
  shouldRetry: (error: unknown) => boolean;
  /** Injected so tests run without real timers. */
  sleep?: Sleep;
  /** Returns a number in [0, 1), like Math.random. */
  random?: () => number;
};

const realSleep: Sleep = (milliseconds) => new Promise((resolve) => setTimeout(resolve, milliseconds));

/** The wait before retry number `retryIndex` (0 for the first retry): base · 2^retryIndex · jitter factor. */
export function backoffDelayMs(
  retryIndex: number,
  { baseDelayMs, jitter, random = Math.random }: Pick<RetryWithBackoffOptions, 'baseDelayMs' | 'jitter' | 'random'>,
): number {
  const factor = jitter.min + random() * (jitter.max - jitter.min);
  return baseDelayMs * 2 ** retryIndex * factor;
}

/** Calls `operation` until it succeeds, fails with an error that is not worth retrying, or runs out of retries. */
export async function retryWithBackoff<T>(operation: () => Promise<T>, options: RetryWithBackoffOptions): Promise<T> {
  const { retries, shouldRetry, sleep = realSleep } = options;
  for (let retryIndex = 0; ; retryIndex += 1) {
    try {
      return await operation();
    } catch (error) {
      if (retryIndex >= retries || !shouldRetry(error)) throw error;
      await sleep(backoffDelayMs(retryIndex, options));
    }
  }
}
