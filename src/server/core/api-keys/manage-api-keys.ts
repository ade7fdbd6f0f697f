import { and, desc, eq } from 'drizzle-orm';
import type { ApiKey } from '#shared/api-keys/api-key.schema';
import type { createApiKeyInputSchema, updateApiKeyInputSchema } from '#shared/api-keys/api-key.schema';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { apiKeys } from '../../db/schema';
import { DomainError, NotFoundError } from '../errors';
import { apiKeyPrefix, hashApiKey, newApiKey } from './api-key-secret';
import { toApiKey } from './to-api-key';

/** More keys than anyone needs, and a bound on what one account can make the list and the table hold. */
export const maxApiKeysPerUser = 50;

/** Whose keys a request manages: the caller's, of the workspace it acts in (a key belongs to one, ADR 0131). */
interface KeyOwner {
  db: Database;
  userId: string;
  workspaceId: string;
}

/** The caller's keys of the workspace, newest first. */
export async function listApiKeys({ db, userId, workspaceId }: KeyOwner): Promise<ApiKey[]> {
  const rows = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), eq(apiKeys.workspaceId, workspaceId)))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map(toApiKey);
}

/** One of the caller's keys of the workspace: a key of theirs in another workspace is not found here. */
const ownKey = ({ userId, workspaceId }: KeyOwner, keyId: string) =>
  and(eq(apiKeys.id, keyId), eq(apiKeys.userId, userId), eq(apiKeys.workspaceId, workspaceId));

/**
 * A new key of the workspace; the only moment the key itself exists outside its owner's hands. The bound counts the
 * caller's keys in every workspace: it is on what one account can make.
 */
export async function createApiKey({
  db,
  userId,
  workspaceId,
  input,
}: KeyOwner & { input: z.output<typeof createApiKeyInputSchema> }): Promise<{ apiKey: ApiKey; key: string }> {
  const key = newApiKey();
  const row = await db.transaction(async (tx) => {
    const held = await tx.$count(apiKeys, eq(apiKeys.userId, userId));
    if (held >= maxApiKeysPerUser)
      throw new DomainError(
        'api_key_limit',
        409,
        `You can have at most ${maxApiKeysPerUser} API keys. Revoke one you no longer use first.`,
      );
    const [inserted] = await tx
      .insert(apiKeys)
      .values({
        userId,
        workspaceId,
        name: input.name,
        scope: input.scope,
        prefix: apiKeyPrefix(key),
        keyHash: hashApiKey(key),
        expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
        approveAgentTasks: input.approveAgentTasks,
      })
      .returning();
    return inserted;
  });
  if (!row) throw new Error('api key insert returned no row');
  return { apiKey: toApiKey(row), key };
}

/** Turns the key's "tasks this key creates need my approval" on or off (ADR 0125); tasks it made keep their state. */
export async function updateApiKey({
  keyId,
  input,
  ...owner
}: KeyOwner & { keyId: string; input: z.output<typeof updateApiKeyInputSchema> }): Promise<ApiKey> {
  const [row] = await owner.db.update(apiKeys).set({ approveAgentTasks: input.approveAgentTasks }).where(ownKey(owner, keyId)).returning();
  if (!row) throw new NotFoundError('API key not found');
  return toApiKey(row);
}

/** Revoking deletes the key: the next request with it answers 401. */
export async function revokeApiKey({ keyId, ...owner }: KeyOwner & { keyId: string }): Promise<void> {
  const deleted = await owner.db.delete(apiKeys).where(ownKey(owner, keyId)).returning({ id: apiKeys.id });
  if (deleted.length === 0) throw new NotFoundError('API key not found');
}
