import { deliveryMethods, type DeliveryMethod } from '#shared/tasks/task.schema';

const methodLabels: Record<DeliveryMethod, string> = { email: 'Email', webhook: 'Webhook', slack: 'Slack', discord: 'Discord' };

/** A delivery method as the user reads it: "Email", "Webhook", "Slack", "Discord"; an unknown one as it came. */
export function deliveryMethodLabel(method: string): string {
  return (deliveryMethods as readonly string[]).includes(method) ? methodLabels[method as DeliveryMethod] : method;
}

/** The part of a Slack or Discord webhook URL that names the service; what follows it is the secret. */
const publicPrefixes: Record<'slack' | 'discord', string> = { slack: '/services/', discord: '/api/webhooks/' };

/**
 * A Slack or Discord webhook URL as a page may show it: the host and the service's fixed path, then one character and
 * an ellipsis ("hooks.slack.com/services/T…"). The rest of the URL is the secret that lets anyone post in the
 * channel, so it never reaches the screen (screens get shared and recorded). Empty or broken URLs read "—".
 */
export function chatWebhookText(method: 'slack' | 'discord', url: string | undefined): string {
  if (!url) return '—';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return '—';
  }
  const prefix = publicPrefixes[method];
  const visiblePath = parsed.pathname.startsWith(prefix) ? `${prefix}${parsed.pathname.charAt(prefix.length)}` : '/';
  return `${parsed.host}${visiblePath}…`;
}
