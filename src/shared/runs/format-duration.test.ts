import { describe, expect, it } from 'vitest';
import { formatDuration } from './format-duration';

describe('formatDuration (spec section 9)', () => {
  it('reads "In progress" until the run completes', () => {
    expect(formatDuration(null)).toBe('In progress');
  });

  it('uses milliseconds below a second, seconds with one decimal below a minute, then minutes and seconds', () => {
    expect(formatDuration(0)).toBe('0ms');
    expect(formatDuration(999)).toBe('999ms');
    expect(formatDuration(1000)).toBe('1.0s');
    expect(formatDuration(12_345)).toBe('12.3s');
    expect(formatDuration(59_999)).toBe('59.9s');
    expect(formatDuration(60_000)).toBe('1m 0s');
    expect(formatDuration(754_000)).toBe('12m 34s');
  });
});
