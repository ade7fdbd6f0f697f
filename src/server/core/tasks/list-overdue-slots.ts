import { and, asc, eq, isNull } from 'drizzle-orm';
import type { OverdueSlot } from '#shared/tasks/overdue-slot.schema';
import type { Database } from '../../db/client';
import { overdueSlots, tasks } from '../../db/schema';

/**
 * The open overdue slots of the workspace's tasks (few: the watchdog resolves them as soon as a scheduler returns),
 * oldest first.
 */
export async function listOverdueSlots({ db, workspaceId }: { db: Database; workspaceId: string }): Promise<OverdueSlot[]> {
  const rows = await db
    .select({ taskId: overdueSlots.taskId, taskName: tasks.name, slot: overdueSlots.slot, detectedAt: overdueSlots.detectedAt })
    .from(overdueSlots)
    .innerJoin(tasks, eq(tasks.id, overdueSlots.taskId))
    .where(and(eq(tasks.workspaceId, workspaceId), isNull(overdueSlots.resolvedAt)))
    .orderBy(asc(overdueSlots.slot), asc(tasks.name), asc(overdueSlots.taskId));
  return rows.map((row) => ({ ...row, slot: row.slot.toISOString(), detectedAt: row.detectedAt.toISOString() }));
}
