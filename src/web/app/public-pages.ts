import { blogPosts } from '#shared/content/blog';
import { guides } from '#shared/content/guides';
import { integrations } from '#shared/content/integrations';
import { blogPostPath, guidePath, integrationDocsPath, paths } from '../config/paths';

/*
 * Every page of the public site a visitor reaches without a link of their own (ADR 0111), one entry per URL, the
 * content catalogues' slugs included: the build pre-renders the static ones, the server renders the live ones per
 * request, the no-script journey visits them all and the Lighthouse audit every route. router.test.tsx checks that every public
 * route of the router is here or among `publicRoutesLeftToTheApp`, so a new page cannot be forgotten.
 */

/**
 * - `prerendered`: the same for every visitor, written to HTML at build time (the landing page and the sign-in and
 *   sign-up pages since ADR 0012 and 0054, the content pages since ADR 0111);
 * - `server`: rendered by the server per request from live data (/status's figures, /docs/api's OpenAPI document).
 */
export type PublicPageRendering = 'prerendered' | 'server';

export interface PublicPage {
  path: string;
  rendering: PublicPageRendering;
  /** The router's route that renders it: the path itself, or a pattern such as "/blog/:postId" for a catalogue's. */
  route: string;
}

const prerendered = (path: string, route = path): PublicPage => ({ path, rendering: 'prerendered', route });

export const publicPages: readonly PublicPage[] = [
  prerendered(paths.home),
  prerendered(paths.login),
  prerendered(paths.register),
  prerendered(paths.forgotPassword),
  prerendered(paths.docs),
  prerendered(paths.docsQuickstart),
  { path: paths.docsApi, rendering: 'server', route: paths.docsApi },
  ...integrations.map((integration) => prerendered(integrationDocsPath(integration.id), '/docs/integrations/:integrationId')),
  prerendered(paths.blog),
  ...blogPosts.map((post) => prerendered(blogPostPath(post.id), '/blog/:postId')),
  prerendered(paths.guides),
  prerendered(paths.promptTemplates),
  ...guides.map((guide) => prerendered(guidePath(guide.id), '/guides/:guideId')),
  prerendered(paths.integrations),
  prerendered(paths.about),
  prerendered(paths.contact),
  prerendered(paths.privacy),
  prerendered(paths.terms),
  { path: paths.status, rendering: 'server', route: paths.status },
];

/**
 * Public routes the SPA alone renders, as none is a page a visitor opens on its own: seven are reached through a link
 * carrying a token (from an e-mail or an administrator) and show what that token allows, and /account-deleted is the
 * end of deleting one's account in the app (opened any other way, it sends the visitor to the landing page).
 */
export const publicRoutesLeftToTheApp = [
  'reset-password',
  'set-password',
  'unsubscribe',
  'delivery-address',
  'confirm-email',
  'invitations/:token',
  'sso-domain/:token',
  'account-deleted',
] as const;

/** The pages the build writes, with the file each goes to (below dist/web). */
export function prerenderedPageFile(path: string): string {
  return path === paths.home ? 'landing.html' : `pages${path}.html`;
}
