import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { workspaceBudgetSchema, type WorkspaceBudget } from '#shared/budgets/workspace-budget.schema';
import { apiClient } from '#web/lib/api-client';

/** The acting workspace's budget (ADR 0141); forgotten on a switch of workspace, as its other data is. */
export const workspaceBudgetQueryKey = ['workspace-budget'] as const;

export async function getWorkspaceBudget({ signal }: { signal?: AbortSignal } = {}): Promise<WorkspaceBudget> {
  return workspaceBudgetSchema.parse(await apiClient.get('/api/budget', { signal }));
}

export function useWorkspaceBudget() {
  return useQuery(queryOptions({ queryKey: workspaceBudgetQueryKey, queryFn: ({ signal }) => getWorkspaceBudget({ signal }) }));
}

export async function setWorkspaceBudget(budget: WorkspaceBudget): Promise<WorkspaceBudget> {
  return workspaceBudgetSchema.parse(await apiClient.put('/api/budget', budget));
}

export function useSetWorkspaceBudget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setWorkspaceBudget,
    onSuccess: (saved) => queryClient.setQueryData(workspaceBudgetQueryKey, saved),
  });
}
