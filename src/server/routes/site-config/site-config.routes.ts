import { createRoute } from '@hono/zod-openapi';
import { siteConfigSchema } from '#shared/site-config.schema';
import { createRouter } from '../create-router';
import { json, noWorkspaceData } from '../openapi';
import { getSiteConfig } from './site-config.handlers';

export const getSiteConfigRoute = createRoute({
  operationId: 'getSiteConfig',
  ...noWorkspaceData,
  method: 'get',
  path: '/api/config',
  security: [],
  tags: ['System'],
  summary: 'Public site configuration',
  description: 'Links that differ per deployment: the waitlist form, the support address and the social profiles.',
  responses: {
    200: json(siteConfigSchema, 'The public configuration'),
  },
});

export const siteConfigRouter = createRouter().openapi(getSiteConfigRoute, getSiteConfig);
