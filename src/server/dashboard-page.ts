import { mustSetPassword } from '#shared/auth/must-set-password';
import { meResponseSchema } from '#shared/auth/me.schema';
import { subscriptionResponseSchema } from '#shared/billing/plan.schema';
import { dashboardSchema } from '#shared/dashboard/dashboard.schema';
import { dashboardPageSlots } from '#shared/dashboard/page-slots';
import { siteConfigSchema } from '#shared/site-config.schema';
import type { Logger } from './logger';

/** The app's own routes, asked in-process with the visitor's cookie: every guard and shape stays the API's. */
type AskApi = (path: string) => Promise<Response>;

/**
 * /dashboard for a signed-in user, rendered on the server from the API's own answers (ADR 0057); undefined when
 * there is nothing to render for them (no valid session, a password still to set, the database away, a failed
 * render): the SPA's page then decides, as before.
 */
export async function renderDashboardHtml(
  template: string,
  askApi: AskApi,
  acceptLanguage: string | undefined,
  logger: Logger,
): Promise<string | undefined> {
  try {
    const answer = async (path: string) => {
      const response = await askApi(path);
      return response.ok ? ((await response.json()) as unknown) : undefined;
    };
    const [me, siteConfig, dashboard, subscription] = await Promise.all(
      ['/api/me', '/api/config', '/api/dashboard', '/api/me/subscription'].map(answer),
    );
    if (me === undefined || siteConfig === undefined || dashboard === undefined) return undefined;
    const { user } = meResponseSchema.parse(me);
    if (mustSetPassword(user)) return undefined;
    // React and the web app's components load with the first signed-in page, not with every API process.
    const { renderDashboardPage } = await import('../web/render-dashboard');
    const page = renderDashboardPage(
      {
        me: user,
        siteConfig: siteConfigSchema.parse(siteConfig),
        dashboard: dashboardSchema.parse(dashboard),
        subscription: subscription === undefined ? null : subscriptionResponseSchema.parse(subscription).subscription,
      },
      { locale: readerLocale(acceptLanguage) },
    );
    return (
      template
        .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(page.title)}</title>`)
        // Replaced by functions: a `$&` in a task's name is text, not a replacement pattern.
        .replace(dashboardPageSlots.markup, () => `<div id="root">${page.markup}</div>`)
        .replace(
          dashboardPageSlots.queries,
          () => `<script type="application/json" id="prefetched-queries">${scriptSafeJson(page.queries)}</script>`,
        )
    );
  } catch (error) {
    logger.error({ err: error }, 'the dashboard could not be rendered on the server; the SPA renders it');
    return undefined;
  }
}

/** The first language the browser asks for that Intl knows ("de-DE,de;q=0.9" → "de-DE"); undefined for the default. */
export function readerLocale(acceptLanguage: string | undefined): string | undefined {
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.split(';')[0]?.trim();
    if (!tag || tag === '*') continue;
    try {
      const [supported] = Intl.DateTimeFormat.supportedLocalesOf(tag);
      if (supported) return supported;
    } catch {
      // not a language tag
    }
  }
  return undefined;
}

/** JSON inside <script>: a `</script>` or `<!--` in a task's name or a result must not end or bend the element. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
