import type { ApiKey } from '#shared/api-keys/api-key.schema';
import type { apiKeys } from '../../db/schema';

export function toApiKey(row: typeof apiKeys.$inferSelect): ApiKey {
  return {
    id: row.id,
    workspaceId: row.workspaceId,
    name: row.name,
    scope: row.scope,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    approveAgentTasks: row.approveAgentTasks,
  };
}
