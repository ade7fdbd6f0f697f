import { z } from 'zod';

/**
 * An optional monthly budget (ADR 0051): a workspace's over all its runs (Settings, ADR 0141), or a task's over its own runs (the
 * task form), in tokens or in estimated USD. Once the month's usage (UTC) has reached it, further runs are skipped.
 */
export const budgetUnits = ['tokens', 'usd'] as const;
export type BudgetUnit = (typeof budgetUnits)[number];

export const budgetMessages = {
  amount: 'Please enter a budget greater than 0.',
  unit: 'Please choose tokens or USD.',
  reached: 'Monthly budget reached',
} as const;

export const monthlyBudgetSchema = z
  .object({
    unit: z.enum(budgetUnits, budgetMessages.unit),
    // Up to a billion tokens or dollars; four decimals are what is stored.
    amount: z
      .number(budgetMessages.amount)
      .positive(budgetMessages.amount)
      .max(1_000_000_000, budgetMessages.amount)
      .transform((value) => Math.round(value * 10_000) / 10_000),
  })
  .meta({ id: 'MonthlyBudget', description: 'Null or absent: no budget' });

export type MonthlyBudget = z.output<typeof monthlyBudgetSchema>;

/** "50,000 tokens" or "$5.00" (a budget keeps its cents, and up to four decimals as stored). */
export function formatBudget(budget: MonthlyBudget): string {
  if (budget.unit === 'tokens') return `${budget.amount.toLocaleString('en-US')} tokens`;
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 4 }).format(
    budget.amount,
  );
}
