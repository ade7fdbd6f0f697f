import { and, eq } from 'drizzle-orm';
import { formatBudget } from '#shared/budgets/monthly-budget.schema';
import { tasks, userSettings } from '../../db/schema';
import { budgetReachedMail } from '../../mail/templates';
import type { EngineDeps } from '../engine-deps';
import { findMailRecipient } from './mail-recipient';
import { nextMonthStartLabel } from './next-month-start';

/**
 * Tells a user that a monthly budget stopped runs (issue 23): once per budget and month, the claim that first skipped
 * a run for it queued this. The budget is read now; one removed meanwhile sends nothing.
 */
export async function notifyBudgetReached(
  deps: EngineDeps,
  { userId, scope, month }: { userId: string; scope: string; month: string },
): Promise<void> {
  const { db, env, mailer } = deps;
  const recipient = await findMailRecipient(db, userId);
  if (!recipient) return;
  let budget: { unit: 'tokens' | 'usd' | null; amount: number | null; taskName?: string; url: string };
  if (scope === 'account') {
    const [settings] = await db
      .select({ unit: userSettings.budgetUnit, amount: userSettings.budgetAmount })
      .from(userSettings)
      .where(eq(userSettings.userId, userId));
    if (!settings) return;
    budget = { ...settings, url: `${env.APP_URL}/dashboard/settings` };
  } else {
    const [task] = await db
      .select({ unit: tasks.budgetUnit, amount: tasks.budgetAmount, name: tasks.name, id: tasks.id })
      .from(tasks)
      .where(and(eq(tasks.id, scope), eq(tasks.userId, userId)));
    if (!task) return;
    budget = { unit: task.unit, amount: task.amount, taskName: task.name, url: `${env.APP_URL}/dashboard/tasks/${task.id}` };
  }
  if (!budget.unit || budget.amount === null) return;
  await mailer.send({
    to: recipient.email,
    ...budgetReachedMail({
      name: recipient.name,
      budget: formatBudget({ unit: budget.unit, amount: budget.amount }),
      taskName: budget.taskName,
      resumesOn: nextMonthStartLabel(month),
      url: budget.url,
    }),
  });
}
