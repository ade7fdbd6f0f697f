import { useQuery } from '@tanstack/react-query';
import { adminPlansResponseSchema } from '#shared/admin/admin-plan.schema';
import { apiClient } from './api-client';

/** Every admin query starts with this; an admin action refreshes them all. */
export const adminKey = ['admin'] as const;

/** Every plan an administrator sees, for sale or not: the Plans page, the Users page's filter and Edit Plan. */
export function useAdminPlans() {
  return useQuery({
    queryKey: [...adminKey, 'plans'],
    queryFn: async ({ signal }) => adminPlansResponseSchema.parse(await apiClient.get('/api/admin/plans', { signal })).plans,
    staleTime: 60_000,
  });
}
