import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminPlanResponseSchema, type CreatePlanInput, type UpdatePlanInput } from '#shared/admin/admin-plan.schema';
import { adminKey } from '#web/lib/admin-plans';
import { apiClient } from '#web/lib/api-client';

/** Creates a plan, or changes one when `planId` is given; every admin list (plans, users' plans) is refetched after. */
export function useSavePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ planId, input }: { planId?: string; input: CreatePlanInput | UpdatePlanInput }) =>
      adminPlanResponseSchema.parse(
        planId
          ? await apiClient.patch(`/api/admin/plans/${encodeURIComponent(planId)}`, input)
          : await apiClient.post('/api/admin/plans', input),
      ).plan,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKey }),
  });
}
