import { findBlogPost } from './content/blog';
import { findGuide } from './content/guides';
import { findIntegration } from './content/integrations';

/**
 * Every page the web app's router (src/web/app/router.tsx) has, as its path patterns: the server answers any other
 * path with the app's 404 page and status 404, so a crawler or a link checker sees a missing page as missing.
 * src/web/app/client-paths.test.ts keeps this list and the router's in step.
 */
export const clientPathPatterns = [
  '/',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/set-password',
  '/docs',
  '/docs/quickstart',
  '/docs/api',
  '/docs/integrations/:integrationId',
  '/blog',
  '/blog/:postId',
  '/guides',
  '/guides/prompt-templates',
  '/guides/:guideId',
  '/integrations',
  '/about',
  '/contact',
  '/privacy',
  '/unsubscribe',
  '/delivery-address',
  '/confirm-email',
  '/invitations/:token',
  '/sso-domain/:token',
  '/terms',
  '/account-deleted',
  '/status',
  '/dashboard',
  '/dashboard/settings',
  '/dashboard/tasks',
  '/dashboard/tasks/new',
  '/dashboard/tasks/:taskId',
  '/dashboard/tasks/:taskId/edit',
  '/dashboard/history',
  '/dashboard/subscription',
  '/admin',
  '/admin/users',
  '/admin/users/:userId',
  '/admin/workspaces',
  '/admin/settings',
  '/admin/tasks',
  '/admin/tasks/:taskId',
  '/admin/plans',
  '/admin/audit',
] as const;

/**
 * Parameters whose pages show the 404 page for an unknown value, known without a session (the site's own content);
 * a task's or a user's id is only known to its owner's session, so those pages decide for themselves.
 */
const knownParameterValues: Record<string, (value: string) => boolean> = {
  postId: (id) => findBlogPost(id) !== undefined,
  guideId: (id) => findGuide(id) !== undefined,
  integrationId: (id) => findIntegration(id) !== undefined,
};

const patterns = clientPathPatterns.map((pattern) => pattern.split('/').filter(Boolean));

/** Whether the web app has a page at `pathname`; as the router matches: any case, with or without a trailing slash. */
export function isClientPath(pathname: string): boolean {
  let segments: string[];
  try {
    segments = pathname.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    return false;
  }
  return patterns.some(
    (pattern) =>
      pattern.length === segments.length &&
      pattern.every((part, index) => {
        const segment = segments[index] ?? '';
        if (!part.startsWith(':')) return part.toLowerCase() === segment.toLowerCase();
        return knownParameterValues[part.slice(1)]?.(segment) ?? true;
      }),
  );
}
