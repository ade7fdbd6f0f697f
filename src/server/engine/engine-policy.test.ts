import { describe, expect, it } from 'vitest';
import { emailRetryDelaysMs, nextAttemptAt, retryJitter, webhookRetryDelaysMs } from './engine-policy';

const now = new Date('2026-11-21T10:00:00Z');
const after = (date: Date | null) => (date ? date.getTime() - now.getTime() : null);

describe('nextAttemptAt', () => {
  it('waits the scheduled delay after the failed attempt, exactly with a centred random source', () => {
    expect(after(nextAttemptAt({ delaysMs: webhookRetryDelaysMs, failedAttempt: 1, now, random: () => 0.5 }))).toBe(5_000);
    expect(after(nextAttemptAt({ delaysMs: webhookRetryDelaysMs, failedAttempt: 3, now, random: () => 0.5 }))).toBe(30 * 60_000);
    expect(after(nextAttemptAt({ delaysMs: emailRetryDelaysMs, failedAttempt: 1, now, random: () => 0.5 }))).toBe(60_000);
  });

  it('spreads the delay by at most ±10 %', () => {
    const delay = webhookRetryDelaysMs[4] ?? 0;
    expect(after(nextAttemptAt({ delaysMs: webhookRetryDelaysMs, failedAttempt: 5, now, random: () => 0 }))).toBe(
      Math.round(delay * (1 - retryJitter)),
    );
    expect(after(nextAttemptAt({ delaysMs: webhookRetryDelaysMs, failedAttempt: 5, now, random: () => 0.999_999 }))).toBeCloseTo(
      delay * (1 + retryJitter),
      -3,
    );
    for (let index = 0; index < 200; index++) {
      const waited = after(nextAttemptAt({ delaysMs: webhookRetryDelaysMs, failedAttempt: 5, now })) ?? 0;
      expect(waited).toBeGreaterThanOrEqual(delay * 0.9);
      expect(waited).toBeLessThanOrEqual(delay * 1.1);
    }
  });

  it('ends the retries after the last scheduled delay', () => {
    expect(nextAttemptAt({ delaysMs: webhookRetryDelaysMs, failedAttempt: webhookRetryDelaysMs.length, now })).not.toBeNull();
    expect(nextAttemptAt({ delaysMs: webhookRetryDelaysMs, failedAttempt: webhookRetryDelaysMs.length + 1, now })).toBeNull();
    expect(nextAttemptAt({ delaysMs: emailRetryDelaysMs, failedAttempt: emailRetryDelaysMs.length + 1, now })).toBeNull();
    expect(nextAttemptAt({ delaysMs: [], failedAttempt: 1, now })).toBeNull();
  });

  it('follows the documented webhook schedule: ten attempts over about three days', () => {
    expect(webhookRetryDelaysMs).toHaveLength(9);
    expect(webhookRetryDelaysMs.reduce((sum, delay) => sum + delay, 0)).toBe(75 * 3_600_000 + 35 * 60_000 + 5_000);
  });
});
