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

/** The caller's keys, newest first. */
export async function listApiKeys({ db, userId }: { db: Database; userId: string }): Promise<ApiKey[]> {
  const rows = await db.select().from(apiKeys).where(eq(apiKeys.userId, userId)).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map(toApiKey);
}

/** A new key; the only moment the key itself exists outside its owner's hands. */
export async function createApiKey({
  db,
  userId,
  input,
}: {
  db: Database;
  userId: string;
  input: z.output<typeof createApiKeyInputSchema>;
}): Promise<{ apiKey: ApiKey; key: string }> {
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
  db,
  userId,
  keyId,
  input,
}: {
  db: Database;
  userId: string;
  keyId: string;
  input: z.output<typeof updateApiKeyInputSchema>;
}): Promise<ApiKey> {
  const [row] = await db
    .update(apiKeys)
    .set({ approveAgentTasks: input.approveAgentTasks })
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.userId, userId)))
    .returning();
  if (!row) throw new NotFoundError('API key not found');
  return toApiKey(row);
}

/** Revoking deletes the key: the next request with it answers 401. */
export async function revokeApiKey({ db, userId, keyId }: { db: Database; userId: string; keyId: string }): Promise<void> {
  const deleted = await db
    .delete(apiKeys)
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.userId, userId)))
    .returning({ id: apiKeys.id });
  if (deleted.length === 0) throw new NotFoundError('API key not found');
}
