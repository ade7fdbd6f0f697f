import { createRoute } from '@hono/zod-openapi';
import { createRouter } from '../create-router';
import { getSiteConfig } from './site-config.handlers';
import { siteConfigSchema } from '#shared/site-config.schema';

export const getSiteConfigRoute = createRoute({
  method: 'get',
  path: '/api/config',
  tags: ['System'],
  summary: 'Public site configuration',
  description: 'Links that differ per deployment: the waitlist form, the support address and the social profiles.',
  responses: {
    200: { description: 'The public configuration', content: { 'application/json': { schema: siteConfigSchema } } },
  },
});

export const siteConfigRouter = createRouter().openapi(getSiteConfigRoute, getSiteConfig);
