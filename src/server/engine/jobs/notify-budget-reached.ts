import { and, eq } from 'drizzle-orm';
import { formatBudget } from '#shared/budgets/monthly-budget.schema';
import { tasks, user, userSettings } from '../../db/schema';
import { budgetReachedMail } from '../../mail/templates';
import type { EngineDeps } from '../engine-deps';

/**
 * Tells a user that a monthly budget stopped runs (issue 23): once per budget and month, the claim that first skipped
 * a run for it queued this. The budget is read now; one removed meanwhile sends nothing.
 */
export async function notifyBudgetReached(
  deps: EngineDeps,
  { userId, scope, month }: { userId: string; scope: string; month: string },
): Promise<void> {
  const { db, env, mailer } = deps;
  const [recipient] = await db
    .select({ email: user.email, name: user.name, fullName: user.fullName })
    .from(user)
    .where(eq(user.id, userId));
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
  const [year, monthNumber] = month.split('-').map(Number);
  const resumesOn = new Date(Date.UTC(year ?? 1970, monthNumber ?? 1, 1)).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
  await mailer.send({
    to: recipient.email,
    ...budgetReachedMail({
      name: recipient.fullName || recipient.name || recipient.email,
      budget: formatBudget({ unit: budget.unit, amount: budget.amount }),
      taskName: budget.taskName,
      resumesOn,
      url: budget.url,
    }),
  });
}
