import { eq } from 'drizzle-orm';
import type { MonthlyBudget } from '#shared/budgets/monthly-budget.schema';
import type { WorkspaceBudget } from '#shared/budgets/workspace-budget.schema';
import type { Database } from '../../db/client';
import { workspaces } from '../../db/schema';
import { recordWorkspaceAudit } from '../workspaces/workspace-audit';

/** The workspace's monthly budget over all its runs (ADR 0141). */
export async function getWorkspaceBudget({ db, workspaceId }: { db: Database; workspaceId: string }): Promise<WorkspaceBudget> {
  const [row] = await db
    .select({ unit: workspaces.budgetUnit, amount: workspaces.budgetAmount })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  return { budget: row?.unit && row.amount !== null ? { unit: row.unit, amount: row.amount } : null };
}

/**
 * Sets or removes the workspace's budget, recorded in its history with who did it: the budget stops every member's
 * runs in it. It takes effect at the next slot; nothing else is stored (ADR 0051).
 */
export async function setWorkspaceBudget({
  db,
  workspaceId,
  actorId,
  budget,
}: {
  db: Database;
  workspaceId: string;
  actorId: string;
  budget: MonthlyBudget | null;
}): Promise<WorkspaceBudget> {
  return db.transaction(async (tx) => {
    await tx
      .update(workspaces)
      .set({ budgetUnit: budget?.unit ?? null, budgetAmount: budget?.amount ?? null })
      .where(eq(workspaces.id, workspaceId));
    await recordWorkspaceAudit(tx, { workspaceId, actorId, action: 'budget.change', details: { budget } });
    return { budget };
  });
}
