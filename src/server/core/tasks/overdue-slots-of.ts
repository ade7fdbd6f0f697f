import { and, inArray, isNull, min } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { overdueSlots } from '../../db/schema';

/** The earliest slot of each task the watchdog found overdue and still unresolved (issue 40, docs/decisions/0075). */
export async function overdueSlotsOf(db: Pick<Database, 'select'>, taskIds: string[]): Promise<Map<string, Date>> {
  if (taskIds.length === 0) return new Map();
  const rows = await db
    .select({ taskId: overdueSlots.taskId, slot: min(overdueSlots.slot) })
    .from(overdueSlots)
    .where(and(inArray(overdueSlots.taskId, taskIds), isNull(overdueSlots.resolvedAt)))
    .groupBy(overdueSlots.taskId);
  return new Map(rows.flatMap(({ taskId, slot }) => (slot ? [[taskId, slot] as const] : [])));
}
