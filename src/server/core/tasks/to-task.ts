import { toUtcScheduleTime } from '#shared/tasks/schedule';
import type { Task } from '#shared/tasks/task.schema';
import { todayIn } from '#shared/time/zoned-time';
import type { tasks } from '../../db/schema';
import { destinationsOfTask } from './destinations';
import type { AccountNames } from './task-people';

export type TaskRow = typeof tasks.$inferSelect;

/**
 * The API's view of a task row (camelCase, ISO dates); `overdueSince` is filled in where tasks are read
 * (`overdueSlotsOf`), `createdBy` and `updatedBy` from `names` (`accountNamesOf`), nobody without them.
 */
export function toTask(row: TaskRow, names: AccountNames = new Map()): Task {
  const person = (id: string | null) => {
    const name = id === null ? undefined : names.get(id);
    return id !== null && name !== undefined ? { id, name } : null;
  };
  return {
    id: row.id,
    userId: row.userId,
    name: row.name,
    description: row.description,
    key: row.key,
    status: row.status,
    provider: row.provider,
    model: row.model,
    scheduleType: row.scheduleType,
    localTime: row.localTime,
    scheduleTime: row.localTime ? toUtcScheduleTime(row.localTime, row.startDate ?? todayIn(row.timezone), row.timezone) : null,
    startDate: row.startDate,
    timezone: row.timezone,
    customCron: row.customCron,
    cronTimezone: row.cronTimezone,
    dstGap: row.dstGap,
    dstRepeat: row.dstRepeat,
    endDate: row.endDate,
    maxRuns: row.maxRuns,
    pausedUntil: row.pausedUntil?.toISOString() ?? null,
    skipDates: row.skipDates,
    finishedReason: row.finishedReason,
    prompt: row.prompt,
    deliveryMethod: row.deliveryMethod,
    deliveryConfig: row.deliveryConfig,
    destinations: destinationsOfTask(row).map((destination) => ({ ...destination, onlyWhen: destination.onlyWhen ?? null })),
    deliverWhen: row.deliverWhen,
    deliveryCondition: row.deliveryCondition,
    deliveryRules: row.deliveryRules,
    budget: row.budgetUnit && row.budgetAmount !== null ? { unit: row.budgetUnit, amount: row.budgetAmount } : null,
    catchUpWindow: row.catchUpWindow,
    overlap: row.overlap,
    fallback: row.fallback,
    outputSchema: row.outputSchema,
    itemKey: row.itemKey,
    watchedFields: row.watchedFields,
    backfillWaiting: row.backfillSlots?.length ?? 0,
    webhookSecret: row.webhookSecret,
    nextFireAt: row.nextFireAt?.toISOString() ?? null,
    lastRunAt: row.lastRunAt?.toISOString() ?? null,
    createdVia: row.createdVia,
    createdByKey: row.createdByKey,
    awaitingApproval: row.awaitingApproval,
    overdueSince: null,
    createdBy: person(row.userId),
    updatedBy: person(row.updatedBy),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
