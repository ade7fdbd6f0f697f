import { describe, expect, it } from 'vitest';
import { formatCostUsd, formatTokens } from './format-cost';

describe('formatCostUsd', () => {
  it('shows cents from a dollar up, two significant digits below, and a dash without a price', () => {
    expect(formatCostUsd(12.345)).toBe('$12.35');
    expect(formatCostUsd(0.000198)).toBe('$0.0002');
    expect(formatCostUsd(0.0421)).toBe('$0.042');
    expect(formatCostUsd(0)).toBe('$0.00');
    expect(formatCostUsd(null)).toBe('—');
    expect(formatTokens(12345)).toBe('12,345');
    expect(formatTokens(null)).toBe('—');
  });
});
