import { describe, expect, it } from 'vitest';
import { latenessOf, latenessText } from './lateness';

describe('latenessOf', () => {
  const slot = new Date('2026-12-06T08:00:00.000Z');

  it('is how long after its slot the job began, and 0 for a job that began before it', () => {
    expect(latenessOf(slot.getTime() + 2_222, slot)).toBe(2_222);
    expect(latenessOf(slot.getTime() - 50, slot)).toBe(0);
  });

  it('stops at what the integer column holds', () => {
    expect(latenessOf(slot.getTime() + 30 * 86_400_000, slot)).toBe(2_147_483_647);
  });
});

describe('latenessText', () => {
  it('calls a run on time up to a second after its slot, and late beyond', () => {
    expect(latenessText(0)).toBe('On time (0ms)');
    expect(latenessText(1000)).toBe('On time (1.0s)');
    expect(latenessText(1001)).toBe('Late by 1.0s');
    expect(latenessText(125_000)).toBe('Late by 2m 5s');
  });

  it('says "—" when there is no measure', () => {
    expect(latenessText(null)).toBe('—');
  });
});
