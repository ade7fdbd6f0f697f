import { z } from 'zod';
import { singleLineText } from '../text/safe-text';

/** What a key may do (issue 22): `read` only GETs, `write` everything a key is allowed at all. */
export const apiKeyScopes = ['read', 'write'] as const;
export type ApiKeyScope = (typeof apiKeyScopes)[number];

export const apiKeyMessages = {
  name: 'Please enter a name for the key.',
  nameTooLong: 'The name must be at most 100 characters.',
  scope: 'Please choose a scope: read or write.',
  expiresAt: 'The expiry must be a date in the future.',
  approveAgentTasks: 'Please choose whether tasks this key creates need your approval.',
} as const;

/** A key as its owner sees it after creation: never the key itself, only its first characters. */
export const apiKeySchema = z
  .object({
    id: z.string(),
    /** The workspace the key acts in, the one it was created in (ADR 0131). */
    workspaceId: z.string(),
    name: z.string(),
    scope: z.enum(apiKeyScopes),
    /** The key's first 8 characters (`pc_` and 5 more), to tell keys apart. */
    prefix: z.string(),
    createdAt: z.iso.datetime(),
    lastUsedAt: z.iso.datetime().nullable(),
    expiresAt: z.iso.datetime().nullable(),
    /** Tasks this key creates wait, paused, for the owner's approval (ADR 0125). */
    approveAgentTasks: z.boolean(),
  })
  .meta({ id: 'ApiKey' });

export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyListSchema = z.object({ items: z.array(apiKeySchema) }).meta({ id: 'ApiKeyList' });

export const createApiKeyInputSchema = z.object({
  name: singleLineText({ error: apiKeyMessages.name }).trim().min(1, apiKeyMessages.name).max(100, apiKeyMessages.nameTooLong),
  scope: z.enum(apiKeyScopes, { error: apiKeyMessages.scope }),
  expiresAt: z.iso
    .datetime({ offset: true, error: apiKeyMessages.expiresAt })
    .refine((value) => new Date(value).getTime() > Date.now(), apiKeyMessages.expiresAt)
    .nullish(),
  approveAgentTasks: z
    .boolean({ error: apiKeyMessages.approveAgentTasks })
    .default(true)
    .meta({ description: 'Tasks this key creates need the owner’s approval (default true)' }),
});

/** `PATCH /api/me/api-keys/{id}`: what can change on a key after it is made. */
export const updateApiKeyInputSchema = z.object({
  approveAgentTasks: z.boolean({ error: apiKeyMessages.approveAgentTasks }),
});

/** The setting's label, as the API keys page shows it. */
export const approveAgentTasksLabel = 'Tasks this key creates need my approval';

export type CreateApiKeyInput = z.input<typeof createApiKeyInputSchema>;

/** The one answer that holds the key: it is shown once and stored only as a hash. */
export const createdApiKeySchema = z.object({ apiKey: apiKeySchema, key: z.string() }).meta({ id: 'CreatedApiKey' });

/** `pc_` and 32 random bytes in base62. */
export const apiKeyPattern = /^pc_[0-9A-Za-z]{43}$/;
