import type { Plan, PlanLimit } from '#shared/billing/plan.schema';
import { formatCount } from './numbers';

/**
 * A plan's price per billing cycle in its own currency ("$9.00 / month"), or "Free". Prices come in minor units, and
 * how many a currency has (2 for usd, 0 for jpy) is what Intl says, so 900 usd is 9.00 and 900 jpy is 900.
 */
export function formatPlanPrice({ price, currency, billingCycle }: Pick<Plan, 'price' | 'currency' | 'billingCycle'>): string {
  if (price === 0) return 'Free';
  let amount: string;
  try {
    const format = new Intl.NumberFormat(undefined, { style: 'currency', currency: currency.toUpperCase() });
    const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
    amount = format.format(price / 10 ** digits);
  } catch {
    // A code Intl does not know still shows a readable amount rather than breaking the page.
    amount = `${(price / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
  return `${amount} / ${billingCycle}`;
}

/**
 * One limit in words, with this period's usage when the current plan has some ("3 of 5 active tasks"). A feature the
 * web does not know yet is still listed, as its name and value: limits are data the server may add to.
 */
export function describeLimit({ featureName, limitValue }: PlanLimit, usage?: number): string {
  switch (featureName) {
    case 'active_tasks': {
      if (limitValue === null)
        // The limit first, the use after: "5 active tasks, unlimited" read as a limit of 5.
        return usage === undefined ? 'Unlimited active tasks' : `Unlimited active tasks (${formatCount(usage)} in use)`;
      const noun = limitValue === 1 ? 'active task' : 'active tasks';
      return usage === undefined ? `${formatCount(limitValue)} ${noun}` : `${formatCount(usage)} of ${formatCount(limitValue)} ${noun}`;
    }
    case 'monthly_runs': {
      if (limitValue === null)
        return usage === undefined ? 'Unlimited runs a month' : `Unlimited runs a month (${formatCount(usage)} this month)`;
      const noun = limitValue === 1 ? 'run' : 'runs';
      return usage === undefined
        ? `${formatCount(limitValue)} ${noun} a month`
        : `${formatCount(usage)} of ${formatCount(limitValue)} ${noun} this month`;
    }
    case 'min_interval_minutes':
      // Cron cannot fire more often than once a minute, so no limit and a limit of 1 read the same.
      return limitValue === null || limitValue <= 1 ? 'Runs at most every minute' : `Runs at most every ${formatCount(limitValue)} minutes`;
    default: {
      const value = limitValue === null ? 'Unlimited' : formatCount(limitValue);
      return usage === undefined ? `${featureName}: ${value}` : `${featureName}: ${formatCount(usage)} of ${value}`;
    }
  }
}
