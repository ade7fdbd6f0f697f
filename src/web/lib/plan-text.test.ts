import { describe, expect, it } from 'vitest';
import { describeLimit, formatPlanPrice } from './plan-text';

describe('formatPlanPrice', () => {
  it('formats minor units in the currency, per billing cycle, and 0 as Free', () => {
    expect(formatPlanPrice({ price: 900, currency: 'usd', billingCycle: 'month' })).toBe('$9.00 / month');
    expect(formatPlanPrice({ price: 29000, currency: 'usd', billingCycle: 'year' })).toBe('$290.00 / year');
    expect(formatPlanPrice({ price: 0, currency: 'usd', billingCycle: 'month' })).toBe('Free');
  });

  it('reads how many minor units a currency has from Intl, and survives a code Intl does not know', () => {
    expect(formatPlanPrice({ price: 900, currency: 'jpy', billingCycle: 'month' })).toBe('¥900 / month');
    expect(formatPlanPrice({ price: 900, currency: 'not-a-code', billingCycle: 'month' })).toBe('9.00 NOT-A-CODE / month');
  });
});

describe('describeLimit', () => {
  it('puts each known limit in words, unlimited when null', () => {
    expect(describeLimit({ featureName: 'active_tasks', limitValue: 5 })).toBe('5 active tasks');
    expect(describeLimit({ featureName: 'active_tasks', limitValue: 1 })).toBe('1 active task');
    expect(describeLimit({ featureName: 'active_tasks', limitValue: null })).toBe('Unlimited active tasks');
    expect(describeLimit({ featureName: 'monthly_runs', limitValue: 300 })).toBe('300 runs a month');
    expect(describeLimit({ featureName: 'monthly_runs', limitValue: null })).toBe('Unlimited runs a month');
    expect(describeLimit({ featureName: 'min_interval_minutes', limitValue: 60 })).toBe('Runs at most every 60 minutes');
    expect(describeLimit({ featureName: 'min_interval_minutes', limitValue: 1 })).toBe('Runs at most every minute');
    expect(describeLimit({ featureName: 'min_interval_minutes', limitValue: null })).toBe('Runs at most every minute');
  });

  it('shows usage against the limit', () => {
    expect(describeLimit({ featureName: 'active_tasks', limitValue: 5 }, 3)).toBe('3 of 5 active tasks');
    expect(describeLimit({ featureName: 'monthly_runs', limitValue: 300 }, 37)).toBe('37 of 300 runs this month');
    // Issue 37: the limit first, so that the use is not read as a limit.
    expect(describeLimit({ featureName: 'monthly_runs', limitValue: null }, 37)).toBe('Unlimited runs a month (37 this month)');
    expect(describeLimit({ featureName: 'active_tasks', limitValue: null }, 5)).toBe('Unlimited active tasks (5 in use)');
  });

  it('lists a feature it does not know by name and value', () => {
    expect(describeLimit({ featureName: 'webhooks', limitValue: 3 })).toBe('webhooks: 3');
    expect(describeLimit({ featureName: 'webhooks', limitValue: null })).toBe('webhooks: Unlimited');
    expect(describeLimit({ featureName: 'webhooks', limitValue: 3 }, 2)).toBe('webhooks: 2 of 3');
  });
});
