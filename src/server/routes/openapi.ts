import type { z } from '@hono/zod-openapi';

/** A JSON response of a route's OpenAPI description: the schema the body follows, and what it means. */
export const json = <T extends z.ZodType>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });
