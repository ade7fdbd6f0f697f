import { describe, expect, it, vi } from 'vitest';
import { backoffDelayMs, retryWithBackoff } from './retry-with-backoff';

const options = { retries: 3, baseDelayMs: 1000, jitter: { min: 0.75, max: 1.25 } } as const;

class Transient extends Error {}

describe('backoffDelayMs', () => {
  it('doubles from the base delay and scales by a jitter factor between min and max', () => {
    expect(backoffDelayMs(0, { ...options, random: () => 0 })).toBe(750);
    expect(backoffDelayMs(0, { ...options, random: () => 0.5 })).toBe(1000);
    expect(backoffDelayMs(1, { ...options, random: () => 0.5 })).toBe(2000);
    expect(backoffDelayMs(2, { ...options, random: () => 0.5 })).toBe(4000);
    expect(backoffDelayMs(2, { ...options, random: () => 0.999_999 })).toBeCloseTo(5000, 1);
  });
});

describe('retryWithBackoff', () => {
  const shouldRetry = (error: unknown) => error instanceof Transient;

  it('returns the first success without waiting', async () => {
    const sleep = vi.fn(() => Promise.resolve());
    const operation = vi.fn(() => Promise.resolve('sent'));

    await expect(retryWithBackoff(operation, { ...options, shouldRetry, sleep })).resolves.toBe('sent');
    expect(operation).toHaveBeenCalledTimes(1);
    expect(sleep).not.toHaveBeenCalled();
  });

  it('tries at most retries + 1 times, then throws the last error', async () => {
    const sleep = vi.fn(() => Promise.resolve());
    const operation = vi.fn(() => Promise.reject(new Transient('rate limited')));

    await expect(retryWithBackoff(operation, { ...options, shouldRetry, sleep })).rejects.toBeInstanceOf(Transient);
    expect(operation).toHaveBeenCalledTimes(4);
    expect(sleep).toHaveBeenCalledTimes(3);
  });

  it('waits an exponentially growing, jittered delay within the factor range before each retry', async () => {
    for (const random of [() => 0, () => 0.5, () => 0.999_999, Math.random]) {
      const delays: number[] = [];
      const sleep = (milliseconds: number) => {
        delays.push(milliseconds);
        return Promise.resolve();
      };
      await retryWithBackoff(() => Promise.reject(new Transient()), { ...options, shouldRetry, sleep, random }).catch(() => {});

      expect(delays).toHaveLength(3);
      delays.forEach((delay, retryIndex) => {
        const nominal = 1000 * 2 ** retryIndex;
        expect(delay).toBeGreaterThanOrEqual(nominal * 0.75);
        expect(delay).toBeLessThanOrEqual(nominal * 1.25);
      });
    }
  });

  it('stops retrying as soon as an attempt succeeds', async () => {
    const sleep = vi.fn(() => Promise.resolve());
    const operation = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Transient())
      .mockRejectedValueOnce(new Transient())
      .mockResolvedValue('sent');

    await expect(retryWithBackoff(operation, { ...options, shouldRetry, sleep })).resolves.toBe('sent');
    expect(operation).toHaveBeenCalledTimes(3);
    expect(sleep).toHaveBeenCalledTimes(2);
  });

  it('throws an error that is not worth retrying at once', async () => {
    const sleep = vi.fn(() => Promise.resolve());
    const failure = new Error('validation failed');
    const operation = vi.fn(() => Promise.reject(failure));

    await expect(retryWithBackoff(operation, { ...options, shouldRetry, sleep })).rejects.toBe(failure);
    expect(operation).toHaveBeenCalledTimes(1);
    expect(sleep).not.toHaveBeenCalled();
  });

  it('waits with real timers by default', async () => {
    vi.useFakeTimers();
    try {
      const operation = vi.fn<() => Promise<string>>().mockRejectedValueOnce(new Transient()).mockResolvedValue('sent');
      const result = retryWithBackoff(operation, { ...options, shouldRetry, random: () => 0.5 });

      await vi.advanceTimersByTimeAsync(999);
      expect(operation).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      await expect(result).resolves.toBe('sent');
      expect(operation).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
