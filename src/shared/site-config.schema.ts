import { z } from 'zod';

/** Public, non-secret configuration the web app needs at run time (links that differ per deployment). */
export const siteConfigSchema = z.object({
  waitlistUrl: z.url(),
  supportEmail: z.email(),
  social: z.object({
    x: z.url(),
    linkedin: z.url(),
    github: z.url(),
  }),
  /** Whether the public status page at /status is on (PUBLIC_STATUS_PAGE): the footer links to it only then. */
  statusPage: z.boolean().default(true),
});

export type SiteConfig = z.infer<typeof siteConfigSchema>;
