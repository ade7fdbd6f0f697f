import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminWorkspaceListSchema, type AdminWorkspaceKind } from '#shared/admin/admin-workspace.schema';
import { apiClient } from '#web/lib/api-client';

export const adminWorkspacePageSize = 20;

export type AdminWorkspaceFilter = { search: string; kind: AdminWorkspaceKind };

/** One page of the list; the previous page stays on screen (marked busy) while the next loads. */
export function useAdminWorkspacePage(filter: AdminWorkspaceFilter, cursor: string | null) {
  return useQuery({
    queryKey: ['admin', 'workspaces', 'list', filter, cursor],
    queryFn: async ({ signal }) => {
      const query = new URLSearchParams({ kind: filter.kind, limit: String(adminWorkspacePageSize) });
      if (filter.search.trim()) query.set('search', filter.search.trim());
      if (cursor) query.set('cursor', cursor);
      return adminWorkspaceListSchema.parse(await apiClient.get(`/api/admin/workspaces?${query}`, { signal }));
    },
    placeholderData: keepPreviousData,
  });
}
