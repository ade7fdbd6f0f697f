import { queryOptions } from '@tanstack/react-query';
import { taskDeliveryAddressSchema, type TaskDeliveryAddress } from '#shared/tasks/delivery-address.schema';
import { apiClient } from '#web/lib/api-client';

/** `GET /api/tasks/:id/delivery-address`: may the task's e-mail target receive results yet (ADR 0053). */
export async function getTaskDeliveryAddress(taskId: string, { signal }: { signal?: AbortSignal } = {}): Promise<TaskDeliveryAddress> {
  return taskDeliveryAddressSchema.parse(await apiClient.get(`/api/tasks/${encodeURIComponent(taskId)}/delivery-address`, { signal }));
}

/** Under the task's own key, so saving or deleting the task (which invalidates `['tasks', id]`) refreshes it too. */
export function taskDeliveryAddressQueryOptions(taskId: string) {
  return queryOptions({
    queryKey: ['tasks', taskId, 'delivery-address'] as const,
    queryFn: ({ signal }) => getTaskDeliveryAddress(taskId, { signal }),
  });
}
