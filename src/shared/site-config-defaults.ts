import type { SiteConfig } from './site-config.schema';

/**
 * Promptcron's own addresses: the server's defaults for the deployment links (ADR 0003), and what the pre-rendered
 * landing page shows until its script has asked the server for this deployment's values (ADR 0013).
 */
export const defaultSiteConfig: SiteConfig = {
  waitlistUrl: 'https://promptcron.com/waitlist',
  supportEmail: 'support@promptcron.com',
  social: {
    x: 'https://x.com/promptcron',
    linkedin: 'https://www.linkedin.com/company/promptcron',
    github: 'https://github.com/promptcron',
  },
  statusPage: true,
};
