import { useQuery } from '@tanstack/react-query';
import { adminTaskDetailSchema, type AdminTaskDetail } from '#shared/admin/admin-task.schema';
import { apiClient } from '#web/lib/api-client';
import { adminTasksQueryKey } from './list-admin-tasks';

export async function getAdminTask(taskId: string, { signal }: { signal?: AbortSignal } = {}): Promise<AdminTaskDetail> {
  return adminTaskDetailSchema.parse(await apiClient.get(`/api/admin/tasks/${encodeURIComponent(taskId)}`, { signal }));
}

export function useAdminTask(taskId: string) {
  return useQuery({ queryKey: [...adminTasksQueryKey, 'detail', taskId], queryFn: ({ signal }) => getAdminTask(taskId, { signal }) });
}
