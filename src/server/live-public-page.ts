import { fillPublicPage } from '#shared/public-page-template';
import { siteConfigSchema } from '#shared/site-config.schema';
import { statusSchema } from '#shared/status/status.schema';
import type { Logger } from './logger';
import { readerLocale } from './dashboard-page';

/** The app's own routes, asked in-process: every guard and shape stays the API's. */
type AskApi = (path: string) => Promise<Response>;

/** The public pages the server renders per request for visitors (ADR 0111), with the API answers each is made of. */
export const livePublicPages = {
  '/status': ['/api/config', '/api/status'],
  '/docs/api': ['/api/config', '/api/openapi.json'],
} as const;

export type LivePublicPath = keyof typeof livePublicPages;

/**
 * How long a rendered page is sent again as it is: /api/status itself may be cached as long (max-age=15), and a
 * status page opened by many at once during an outage is rendered once per language, not once per visitor.
 */
export const livePageTtlMs = 15_000;

/** More languages than this and the oldest rendering is dropped: the cache is per language the readers ask for. */
const maxCachedPages = 32;

/**
 * A renderer of the live public pages into `template` (live-page.html, written by the build), keeping each
 * rendering for livePageTtlMs. Resolves to undefined when the page cannot be rendered (the status page turned off,
 * the API failing, a failed render): the server then sends what it sent before, the SPA, which shows its own state.
 */
export function livePublicPageRenderer({
  template,
  askApi,
  origin,
  logger,
}: {
  template: string;
  askApi: AskApi;
  origin: string;
  logger: Logger;
}) {
  const cache = new Map<string, { html: Promise<string | undefined>; until: number }>();
  return (path: LivePublicPath, acceptLanguage: string | undefined): Promise<string | undefined> => {
    const locale = readerLocale(acceptLanguage);
    const key = `${path} ${locale ?? ''}`;
    const now = Date.now();
    const cached = cache.get(key);
    if (cached && cached.until > now) return cached.html;
    const html = render(path, locale);
    cache.delete(key);
    if (cache.size >= maxCachedPages) cache.delete(cache.keys().next().value ?? '');
    cache.set(key, { html, until: now + livePageTtlMs });
    // A failure is not kept: the next visitor's request tries again.
    void html.then((page) => page === undefined && cache.get(key)?.html === html && cache.delete(key));
    return html;
  };

  async function render(path: LivePublicPath, locale: string | undefined): Promise<string | undefined> {
    try {
      const answers = await Promise.all(
        livePublicPages[path].map(async (apiPath) => {
          const response = await askApi(apiPath);
          return response.ok ? ((await response.json()) as unknown) : undefined;
        }),
      );
      const [config, answer] = answers;
      if (config === undefined || answer === undefined) return undefined;
      const siteConfig = siteConfigSchema.parse(config);
      // React and the web app's components load with the first such page, not with every API process.
      const { renderLivePublicPage } = await import('../web/render-public-page');
      const page = renderLivePublicPage(
        path === '/status' ? { path, siteConfig, status: statusSchema.parse(answer) } : { path, siteConfig, openApiDocument: answer },
        { locale, origin },
      );
      return fillPublicPage(template, { markup: page.markup, ...page.meta });
    } catch (error) {
      logger.error({ err: error, path }, 'a public page could not be rendered on the server; the SPA renders it');
      return undefined;
    }
  }
}
