import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminUserListSchema, adminUserProfileSchema, type AdminUserChange, type AdminUserStatus } from '#shared/admin/admin-user.schema';
import { apiClient } from '#web/lib/api-client';

export const adminUserPageSize = 20;

export type AdminUserFilter = { search: string; status: AdminUserStatus | ''; planId: string };

/** Every admin users query (lists and profiles); an action refreshes them all. */
const adminUsersKey = ['admin', 'users'] as const;

/** The filter as the API's query string; empty fields are left out. */
export function filterQuery({ search, status, planId }: AdminUserFilter): URLSearchParams {
  const query = new URLSearchParams();
  if (search.trim()) query.set('search', search.trim());
  if (status) query.set('status', status);
  if (planId) query.set('planId', planId);
  return query;
}

/** One page of the list; the previous page stays on screen (marked busy) while the next loads. */
export function useAdminUserPage(filter: AdminUserFilter, cursor: string | null) {
  return useQuery({
    queryKey: [...adminUsersKey, 'list', filter, cursor],
    queryFn: async ({ signal }) => {
      const query = filterQuery(filter);
      query.set('limit', String(adminUserPageSize));
      if (cursor) query.set('cursor', cursor);
      return adminUserListSchema.parse(await apiClient.get(`/api/admin/users?${query}`, { signal }));
    },
    placeholderData: keepPreviousData,
  });
}

export function useAdminUserProfile(userId: string) {
  return useQuery({
    queryKey: [...adminUsersKey, 'profile', userId],
    queryFn: async ({ signal }) =>
      adminUserProfileSchema.parse(await apiClient.get(`/api/admin/users/${encodeURIComponent(userId)}`, { signal })),
  });
}

/** The plans an administrator can give: every plan, those not for sale (Unlimited) too. */
export { useAdminPlans as usePlans } from '#web/lib/admin-plans';

export type AdminUserAction = 'invitation' | 'suspend' | 'unsuspend' | 'password-reset' | 'delete' | 'change';

async function runAction(userId: string, action: AdminUserAction, change?: AdminUserChange): Promise<void> {
  const path = `/api/admin/users/${encodeURIComponent(userId)}`;
  if (action === 'delete') await apiClient.delete(path);
  else if (action === 'change') await apiClient.patch(path, change);
  else await apiClient.post(`${path}/${action}`);
}

/** An action on one account; the lists and profiles are refetched after it, whatever its outcome. */
export function useAdminUserAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, action, change }: { userId: string; action: AdminUserAction; change?: AdminUserChange }) =>
      runAction(userId, action, change),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminUsersKey }),
  });
}

export function useInviteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; email: string }) => apiClient.post('/api/admin/users', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUsersKey }),
  });
}
