import { defaultSiteConfig } from '#shared/site-config-defaults';
import { healthRefetchIntervalMs, statusAppearance, type BadgeState } from '../features/site/status-appearance';

/*
 * The two live values of the pre-rendered landing page, fetched without the SPA's client and schemas (ADR 0013):
 * a few property checks stand in for zod, which alone would be several times this script.
 */

async function fetchJson(path: string, acceptStatus: (status: number) => boolean): Promise<unknown> {
  const response = await fetch(path, { credentials: 'same-origin', headers: { Accept: 'application/json' } });
  if (!acceptStatus(response.status)) throw new Error(`${path} answered ${response.status}`);
  return response.json();
}

async function healthState(): Promise<BadgeState> {
  try {
    // The server answers 503 with a regular health body when the database is down: a degraded state, not a failure.
    const body = await fetchJson('/api/health', (status) => status === 200 || status === 503);
    const status = typeof body === 'object' && body !== null && 'status' in body ? body.status : undefined;
    return status === 'ok' || status === 'degraded' ? status : 'unavailable';
  } catch {
    return 'unavailable';
  }
}

function showStatus(badge: Element, state: BadgeState): void {
  const { label, dot } = statusAppearance[state];
  const dotElement = badge.querySelector('span');
  if (dotElement) dotElement.className = `size-2 shrink-0 rounded-full ${dot}`;
  badge.replaceChildren(...(dotElement ? [dotElement] : []), label);
}

/** The footer's status badge, like StatusBadge: now and every minute, while `isActive` says the page is still ours. */
export function watchHealth(badge: Element, isActive: () => boolean): void {
  const update = async () => {
    const state = await healthState();
    if (isActive()) showStatus(badge, state);
  };
  void update();
  const timer = window.setInterval(() => (isActive() ? void update() : window.clearInterval(timer)), healthRefetchIntervalMs);
}

function isHttpUrl(value: unknown): value is string {
  return typeof value === 'string' && /^https?:\/\//.test(value);
}

/** The page carries Promptcron's own links and address; a deployment with other ones (ADR 0003) gets them swapped in. */
export async function showDeploymentLinks(page: Element): Promise<void> {
  const body = await fetchJson('/api/config', (status) => status === 200).catch(() => null);
  if (typeof body !== 'object' || body === null) return;
  const config = body as { waitlistUrl?: unknown; supportEmail?: unknown; social?: Record<string, unknown> };
  const replacements = new Map<string, unknown>([
    [defaultSiteConfig.waitlistUrl, config.waitlistUrl],
    [defaultSiteConfig.social.x, config.social?.x],
    [defaultSiteConfig.social.linkedin, config.social?.linkedin],
    [defaultSiteConfig.social.github, config.social?.github],
  ]);
  for (const link of page.querySelectorAll('a[href]')) {
    const replacement = replacements.get(link.getAttribute('href') ?? '');
    if (isHttpUrl(replacement)) link.setAttribute('href', replacement);
  }
  // /contact names the support address (ADR 0111): the link and its text.
  const supportEmail = config.supportEmail;
  if (typeof supportEmail !== 'string' || !supportEmail.includes('@')) return;
  for (const link of page.querySelectorAll(`a[href="mailto:${defaultSiteConfig.supportEmail}"]`)) {
    link.setAttribute('href', `mailto:${supportEmail}`);
    if (link.textContent === defaultSiteConfig.supportEmail) link.textContent = supportEmail;
  }
}

/** The footer's copyright year was rendered at build time; the SPA, which would render it afresh, may never run here. */
export function showCurrentYear(footer: Element): void {
  for (const paragraph of footer.querySelectorAll('p')) {
    const text = paragraph.textContent ?? '';
    if (text.startsWith('©')) paragraph.textContent = text.replace(/\d{4}/, String(new Date().getFullYear()));
  }
}
