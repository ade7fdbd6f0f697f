import { createHash, randomBytes } from 'node:crypto';
import { destinationKey } from '#shared/tasks/destinations';
import type { DestinationInput } from '#shared/tasks/task.schema';
import type { RunTaskSnapshot, TaskDeliveryConfig, TaskDestination } from '../../db/schema';
import type { DeliveryMethod } from '#shared/tasks/task.schema';

/**
 * The id of a task's one destination when its list is empty (a row written without one, as raw SQL in tests does):
 * the one migration 0041 gave every task, made from the task's id.
 */
export const implicitDestinationId = (taskId: string) => `dst_${createHash('md5').update(taskId).digest('hex').slice(0, 8)}`;

/** A task's destinations (ADR 0127): its list, or its one method and settings when the list is empty. */
export function destinationsOfTask(task: {
  id: string;
  deliveryMethod: DeliveryMethod;
  deliveryConfig: TaskDeliveryConfig;
  destinations?: TaskDestination[];
}): TaskDestination[] {
  if (task.destinations?.length) return task.destinations;
  return [{ id: implicitDestinationId(task.id), method: task.deliveryMethod, config: task.deliveryConfig }];
}

/**
 * The destinations to save, each with an id: its own when given, else the id of the same destination (method and
 * address) the task had, else a new one. So a destination keeps its id, its runs' state and replays across edits.
 */
export function withDestinationIds(given: DestinationInput[], previous: TaskDestination[]): TaskDestination[] {
  const free = new Map(previous.map((destination) => [destinationKey(destination), destination.id]));
  const taken = new Set(given.flatMap((destination) => (destination.id ? [destination.id] : [])));
  return given.map(({ id, method, config, onlyWhen = null }) => {
    if (id) return { id, method, config, onlyWhen };
    const key = destinationKey({ method, config });
    const same = free.get(key);
    free.delete(key);
    const chosen = same && !taken.has(same) ? same : `dst_${randomBytes(4).toString('hex')}`;
    taken.add(chosen);
    return { id: chosen, method, config, onlyWhen };
  });
}

/** The destinations a run delivers to: its task's when the run started, if the task has been edited since. */
export function destinationsOfRun({
  run,
  task,
}: {
  run: { taskSnapshot: RunTaskSnapshot | null };
  task: Parameters<typeof destinationsOfTask>[0];
}): TaskDestination[] {
  const snapshot = run.taskSnapshot;
  if (!snapshot) return destinationsOfTask(task);
  if (snapshot.destinations?.length) return snapshot.destinations;
  return [{ id: implicitDestinationId(task.id), method: snapshot.deliveryMethod, config: snapshot.deliveryConfig }];
}
