import { useQuery } from '@tanstack/react-query';
import { taskQueryOptions } from '#web/lib/task-query';

export { getTask, taskQueryOptions } from '#web/lib/task-query';

/** One task, for its detail and edit pages. */
export function useTask(taskId: string) {
  return useQuery(taskQueryOptions(taskId));
}
