import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../app-env';
import type { getSiteConfigRoute } from './site-config.routes';

export const getSiteConfig: RouteHandler<typeof getSiteConfigRoute, AppEnv> = (c) => {
  const { env } = c.var.deps;
  c.header('Cache-Control', 'public, max-age=300');
  return c.json(
    {
      waitlistUrl: env.WAITLIST_URL,
      supportEmail: env.SUPPORT_EMAIL,
      social: { x: env.SOCIAL_X_URL, linkedin: env.SOCIAL_LINKEDIN_URL, github: env.SOCIAL_GITHUB_URL },
      statusPage: env.PUBLIC_STATUS_PAGE,
    },
    200,
  );
};
