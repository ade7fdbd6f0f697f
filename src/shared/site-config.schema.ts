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
});

export type SiteConfig = z.infer<typeof siteConfigSchema>;
