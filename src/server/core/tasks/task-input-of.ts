import type { Task, TaskInput } from '#shared/tasks/task.schema';

/**
 * The `PUT /api/tasks/{id}` body that would save `task` as it is: what a JSON Merge Patch applies to (ADR 0113). A
 * column the task leaves empty (null) is a key the body leaves out, so a patch that names it adds it and a patch
 * that nulls it finds it gone.
 */
export function taskInputOf(task: Task): Record<string, unknown> {
  // Every input field, so one added to TaskInput later is a compile error here until it is carried over.
  const input: { [Field in keyof Required<TaskInput>]: unknown } = {
    name: task.name,
    description: task.description ?? undefined,
    key: task.key ?? undefined,
    provider: task.provider,
    model: task.model,
    scheduleType: task.scheduleType,
    localTime: task.localTime ?? undefined,
    // The deprecated UTC form is what a patch may send instead of localTime; the task's own is localTime.
    scheduleTime: undefined,
    startDate: task.startDate ?? undefined,
    timezone: task.timezone,
    customCron: task.customCron ?? undefined,
    cronTimezone: task.cronTimezone ?? undefined,
    dstGap: task.dstGap,
    dstRepeat: task.dstRepeat,
    endDate: task.endDate ?? undefined,
    maxRuns: task.maxRuns ?? undefined,
    pausedUntil: task.pausedUntil ?? undefined,
    skipDates: task.skipDates.length ? [...task.skipDates] : undefined,
    prompt: { ...task.prompt },
    deliveryMethod: task.deliveryMethod,
    deliveryConfig: { ...task.deliveryConfig },
    // One destination is the shorthand alone, unless it has its own rule; several are listed, their ids kept (ADR 0127).
    destinations:
      task.destinations.length > 1 || task.destinations.some((destination) => destination.onlyWhen)
        ? task.destinations.map(({ onlyWhen, ...destination }) => ({
            ...destination,
            config: { ...destination.config },
            ...(onlyWhen ? { onlyWhen } : {}),
          }))
        : undefined,
    deliverWhen: task.deliverWhen,
    deliveryCondition: task.deliveryCondition ?? undefined,
    deliveryRules: task.deliveryRules ?? undefined,
    budget: task.budget ?? undefined,
    catchUpWindow: task.catchUpWindow,
    overlap: task.overlap,
    fallback: task.fallback ? { ...task.fallback } : undefined,
    outputSchema: task.outputSchema ?? undefined,
    itemKey: task.itemKey ?? undefined,
    watchedFields: task.watchedFields.length ? [...task.watchedFields] : undefined,
  };
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
}
