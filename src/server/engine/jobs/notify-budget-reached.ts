import { and, eq } from 'drizzle-orm';
import { formatBudget, type BudgetUnit } from '#shared/budgets/monthly-budget.schema';
import { workspaceBudgetScope } from '../../core/usage/budgets-reached';
import { getWorkspaceBudget } from '../../core/usage/workspace-budget';
import { tasks } from '../../db/schema';
import { budgetReachedMail } from '../../mail/templates';
import type { EngineDeps } from '../engine-deps';
import { findMailRecipient, findPlanRecipients, type MailRecipient } from './mail-recipient';
import { nextMonthStartLabel } from './next-month-start';

/**
 * Tells that a monthly budget stopped runs (ADR 0141): once per budget and month, the claim that first skipped a run
 * for it queued this. A workspace's budget tells its owners, naming a team (ADR 0141); a task's tells its creator. The
 * budget is read now; one removed meanwhile sends nothing.
 */
export async function notifyBudgetReached(
  deps: EngineDeps,
  { workspaceId, userId, scope, month }: { workspaceId?: string | undefined; userId?: string | undefined; scope: string; month: string },
): Promise<void> {
  const { db, env, mailer } = deps;
  let budget: { unit: BudgetUnit | null; amount: number | null; taskName?: string; team?: string | null; url: string };
  let recipients: MailRecipient[];
  // `account` is the scope of notices queued before budgets moved to workspaces.
  if (scope === workspaceBudgetScope || scope === 'account') {
    const billed = await findPlanRecipients(db, { workspaceId, userId });
    if (!billed) return;
    const { budget: current } = await getWorkspaceBudget({ db, workspaceId: billed.workspaceId });
    budget = {
      unit: current?.unit ?? null,
      amount: current?.amount ?? null,
      team: billed.team,
      url: `${env.APP_URL}/dashboard/settings?tab=budget`,
    };
    recipients = billed.recipients;
  } else {
    const [task] = await db
      .select({ unit: tasks.budgetUnit, amount: tasks.budgetAmount, name: tasks.name, id: tasks.id, userId: tasks.userId })
      .from(tasks)
      .where(and(eq(tasks.id, scope), workspaceId ? eq(tasks.workspaceId, workspaceId) : eq(tasks.userId, userId ?? '')));
    if (!task) return;
    budget = { unit: task.unit, amount: task.amount, taskName: task.name, url: `${env.APP_URL}/dashboard/tasks/${task.id}` };
    const creator = await findMailRecipient(db, task.userId);
    recipients = creator ? [creator] : [];
  }
  const { unit, amount } = budget;
  if (!unit || amount === null) return;
  for (const recipient of recipients)
    await mailer.send({
      to: recipient.email,
      ...budgetReachedMail({
        name: recipient.name,
        budget: formatBudget({ unit, amount }),
        taskName: budget.taskName,
        team: budget.team,
        resumesOn: nextMonthStartLabel(month),
        url: budget.url,
      }),
    });
}
