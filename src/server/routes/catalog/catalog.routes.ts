import { createRoute } from '@hono/zod-openapi';
import { catalogResponseSchema } from '#shared/tasks/catalog.schema';
import { getCatalog } from '../../core/catalog/get-catalog';
import { createRouter } from '../create-router';
import { json, noWorkspaceData } from '../openapi';

export const getCatalogRoute = createRoute({
  operationId: 'getCatalog',
  ...noWorkspaceData,
  method: 'get',
  path: '/api/catalog',
  security: [],
  tags: ['Tasks'],
  summary: 'AI providers and models, and which providers this server can use',
  responses: { 200: json(catalogResponseSchema, 'The catalogue') },
});

export const catalogRouter = createRouter().openapi(getCatalogRoute, (c) => c.json({ providers: getCatalog(c.var.deps.env) }, 200));
