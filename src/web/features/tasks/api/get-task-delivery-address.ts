import { queryOptions } from '@tanstack/react-query';
import { taskDeliveryAddressSchema, type TaskDeliveryAddress } from '#shared/tasks/delivery-address.schema';
import { apiClient } from '#web/lib/api-client';

/**
 * The answer as the page reads it. An answer without `addresses` (a server from before every e-mail destination had
 * its state, ADR 0127) still carries the first destination's `address`, which is what the page showed before.
 */
const answerSchema = taskDeliveryAddressSchema.partial({ addresses: true });
export type TaskDeliveryAddressAnswer = Omit<TaskDeliveryAddress, 'addresses'> & { addresses?: TaskDeliveryAddress['addresses'] };

/** `GET /api/tasks/:id/delivery-address`: may the task's e-mail destinations receive results yet (ADR 0053). */
export async function getTaskDeliveryAddress(
  taskId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<TaskDeliveryAddressAnswer> {
  return answerSchema.parse(await apiClient.get(`/api/tasks/${encodeURIComponent(taskId)}/delivery-address`, { signal }));
}

/** Under the task's own key, so saving or deleting the task (which invalidates `['tasks', id]`) refreshes it too. */
export function taskDeliveryAddressQueryOptions(taskId: string) {
  return queryOptions({
    queryKey: ['tasks', taskId, 'delivery-address'] as const,
    queryFn: ({ signal }) => getTaskDeliveryAddress(taskId, { signal }),
  });
}
