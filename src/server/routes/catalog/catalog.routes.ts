import { createRoute, z } from '@hono/zod-openapi';
import { getCatalog } from '../../core/catalog/get-catalog';
import { createRouter } from '../create-router';

const modelSchema = z.object({ id: z.string(), name: z.string(), webSearch: z.boolean(), isNew: z.boolean(), fixedTemperature: z.boolean() });
const catalogSchema = z.object({
  providers: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      enabled: z.boolean(),
      disabledReason: z.string().nullable(),
      defaultModel: z.string(),
      models: z.array(modelSchema),
    }),
  ),
});

export const getCatalogRoute = createRoute({
  method: 'get',
  path: '/api/catalog',
  tags: ['Tasks'],
  summary: 'AI providers and models, and which providers this server can use',
  responses: { 200: { description: 'The catalogue', content: { 'application/json': { schema: catalogSchema } } } },
});

export const catalogRouter = createRouter().openapi(getCatalogRoute, (c) => c.json({ providers: getCatalog(c.var.deps.env) }, 200));
