import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { findPersonalWorkspaceId } from '#server/core/billing/personal-workspace-of';
import { calendarMonthOf } from '#server/core/billing/usage-period';
import type { Database } from '#server/db/client';
import { deliveryAddresses, taskRuns, tasks, usageTracking, user } from '#server/db/schema/index';
import { runRow, taskRow } from './builders';

/** Rows written straight to the database, for tests that exercise what happens after the API (the engine). */

export async function seedUser(db: Database, overrides: Partial<typeof user.$inferInsert> = {}) {
  const id = randomUUID();
  const [row] = await db
    .insert(user)
    .values({
      id,
      name: 'Seeded User',
      fullName: 'Seeded User',
      email: `user-${id}@example.com`,
      hasSetPassword: true,
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('seedUser inserted nothing');
  return row;
}

export async function seedTask(db: Database, userId: string, overrides: Partial<typeof tasks.$inferInsert> = {}) {
  const [row] = await db.insert(tasks).values(taskRow(userId, overrides)).returning();
  if (!row) throw new Error('seedTask inserted nothing');
  // A seeded task is one that already delivered before addresses had to confirm (ADR 0053): its address is confirmed.
  if (row.deliveryMethod === 'email' && row.deliveryConfig.email)
    await confirmedAddress(db, { userId, workspaceId: row.workspaceId, email: row.deliveryConfig.email });
  return row;
}

/** A finished run of `task` (completed unless overridden), as the engine would have written it. */
export async function seedRun(db: Database, task: { id: string; userId: string }, overrides: Partial<typeof taskRuns.$inferInsert> = {}) {
  const [row] = await db.insert(taskRuns).values(runRow(task, overrides)).returning();
  if (!row) throw new Error('seedRun inserted nothing');
  // As the product does when it creates a run: a run that called a model counts toward its month's plan limit.
  if (row.status !== 'skipped') {
    const month = calendarMonthOf(row.startedAt);
    await db
      .insert(usageTracking)
      .values({
        workspaceId: row.workspaceId,
        featureName: 'monthly_runs',
        periodStart: month.start,
        periodEnd: month.end,
        usageCount: 1,
      })
      .onConflictDoUpdate({
        target: [usageTracking.workspaceId, usageTracking.featureName, usageTracking.periodStart],
        set: { usageCount: sql`${usageTracking.usageCount} + 1` },
      });
  }
  return row;
}

/**
 * `email` has confirmed that it wants the results of `workspaceId`'s tasks (ADRs 0053, 0142), as its owner would by the
 * e-mailed link; `userId`'s personal workspace when none is named.
 */
export async function confirmedAddress(
  db: Database,
  { userId, workspaceId, email }: { userId: string; workspaceId?: string; email: string },
) {
  const workspace = workspaceId ?? (await findPersonalWorkspaceId(db, userId));
  if (!workspace) throw new Error(`no personal workspace for ${userId}`);
  await db
    .insert(deliveryAddresses)
    .values({
      workspaceId: workspace,
      requestedBy: userId,
      email: email.trim().toLowerCase(),
      status: 'confirmed',
      confirmedAt: new Date(),
    })
    .onConflictDoUpdate({
      target: [deliveryAddresses.workspaceId, deliveryAddresses.email],
      set: { status: 'confirmed', confirmedAt: new Date() },
    });
}
