import { useInfiniteQuery } from '@tanstack/react-query';
import { auditPageSchema } from '#shared/admin/admin-audit.schema';
import { adminKey } from '#web/lib/admin-plans';
import { apiClient } from '#web/lib/api-client';

/** The audit log, newest first, 50 entries a page; optionally only those about one target (a user, task or plan id). */
export function useAuditLog(targetId: string) {
  return useInfiniteQuery({
    queryKey: [...adminKey, 'audit', targetId],
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }) => {
      const query = new URLSearchParams();
      if (targetId) query.set('targetId', targetId);
      if (pageParam) query.set('cursor', pageParam);
      return auditPageSchema.parse(await apiClient.get(`/api/admin/audit?${query}`, { signal }));
    },
    getNextPageParam: (page) => page.nextCursor,
  });
}
