import type { z } from '@hono/zod-openapi';

/** A JSON response of a route's OpenAPI description: the schema the body follows, and what it means. */
export const json = <T extends z.ZodType>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });

/**
 * Who may call a route, for the OpenAPI document: the session cookie, or an API key with the scope the method needs
 * (issue 22; `read` for GET, `write` for the rest). Routes without it take the session cookie only.
 */
export const keyAccess = (scope: 'read' | 'write'): Record<string, string[]>[] => [{ session: [] }, { apiKey: [scope] }];
