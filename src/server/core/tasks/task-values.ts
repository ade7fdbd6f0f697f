import { randomBytes } from 'node:crypto';
import { providerCatalog, type ProviderId } from '#shared/tasks/catalog';
import { nextFireTime } from '#shared/tasks/schedule';
import { deliversToUrl, isChatWebhookUrl, taskMessages, type DeliveryMethod, type ParsedTaskInput } from '#shared/tasks/task.schema';
import { destinationMessages } from '#shared/tasks/destinations';
import { todayIn } from '#shared/time/zoned-time';
import type { Env } from '../../env';
import { isLocalOrPrivateHost } from '../../lib/public-address';
import { DomainError, ValidationError } from '../errors';
import { isProviderEnabled } from '../catalog/get-catalog';

/** Standard Webhooks secrets are `whsec_` followed by base64 of 24+ random bytes. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** The columns a task input sets, with the derived next fire time. */
export function taskValues({ env, input, now = new Date() }: { env: Env; input: ParsedTaskInput; now?: Date }) {
  refuseDisabledProvider(env, input.provider);
  // The fallback's provider answers as the task's own does, naming the field, so the form shows it in place.
  if (input.fallback) refuseDisabledProvider(env, input.fallback.provider, 'fallback.provider');
  // Each destination's URL is checked where it stands (ADR 0127); one destination keeps the shorthand's field.
  input.destinations.forEach((destination, index) =>
    refuseUnsafeDeliveryUrl(
      env,
      { deliveryMethod: destination.method, deliveryConfig: destination.config },
      input.destinations.length > 1 ? index : undefined,
    ),
  );
  const custom = input.scheduleType === 'custom';
  const schedule = {
    scheduleType: input.scheduleType,
    localTime: custom ? null : (input.localTime ?? null),
    // A simple schedule starts today (in the task's zone) unless told otherwise; a cron whenever it first matches.
    startDate: custom ? (input.startDate ?? null) : (input.startDate ?? todayIn(input.timezone, now)),
    timezone: input.timezone,
    customCron: custom ? (input.customCron ?? null) : null,
    cronTimezone: custom ? (input.cronTimezone ?? input.timezone) : null,
    dstGap: input.dstGap,
    dstRepeat: input.dstRepeat,
    endDate: input.endDate,
    pausedUntil: input.pausedUntil ? new Date(input.pausedUntil) : null,
    skipDates: input.skipDates,
  };
  return {
    name: input.name,
    description: input.description ?? null,
    // Absent: the key stays as it is (a form that does not show it saves it unchanged); null removes it.
    ...(input.key === undefined ? {} : { key: input.key }),
    provider: input.provider,
    model: input.model,
    ...schedule,
    prompt: input.prompt,
    deliveryMethod: input.deliveryMethod,
    deliveryConfig: input.deliveryConfig,
    destinations: input.destinations,
    deliverWhen: input.deliverWhen,
    deliveryCondition: input.deliveryCondition ?? null,
    deliveryRules: input.deliveryRules,
    budgetUnit: input.budget?.unit ?? null,
    budgetAmount: input.budget?.amount ?? null,
    catchUpWindow: input.catchUpWindow,
    overlap: input.overlap,
    maxRuns: input.maxRuns,
    fallback: input.fallback,
    outputSchema: input.outputSchema,
    itemKey: input.itemKey,
    watchedFields: input.watchedFields,
    nextFireAt: nextFireTime(schedule, now),
  };
}

/** A provider without an API key on this server: 422 `provider_unavailable`, `field` naming where it was chosen. */
function refuseDisabledProvider(env: Env, providerId: ProviderId, field?: string): void {
  if (isProviderEnabled(env, providerId)) return;
  const name = providerCatalog.find((provider) => provider.id === providerId)?.name ?? providerId;
  const message = `${name} needs an API key on the server. Choose another provider.`;
  throw new DomainError('provider_unavailable', 422, message, field ? { [field]: message } : undefined);
}

export const privateWebhookMessage = 'Webhooks to private or local addresses are not allowed.';

/**
 * A webhook URL naming this machine or a private network is refused when saved, so the user learns it at once; a
 * name that resolves to such an address is refused when dialled (delivery/address-guard.ts).
 */
export function refuseUnsafeDeliveryUrl(
  env: Env,
  input: { deliveryMethod: DeliveryMethod; deliveryConfig: { webhookUrl?: string } },
  /** The destination's place among several (ADR 0127), named in the field and the message. */
  index?: number,
): void {
  const url = deliversToUrl(input.deliveryMethod) ? input.deliveryConfig.webhookUrl : undefined;
  if (!url || env.ALLOW_PRIVATE_WEBHOOKS) return;
  const refuse = (message: string) =>
    index === undefined
      ? new ValidationError('deliveryConfig.webhookUrl', message)
      : new ValidationError(`destinations.${index}.config.webhookUrl`, destinationMessages.at(index, message));
  // Slack and Discord take their messages on their own hosts only; anything else is a mistake, or a way round the guard.
  if (input.deliveryMethod === 'slack' || input.deliveryMethod === 'discord') {
    if (!isChatWebhookUrl(input.deliveryMethod, url))
      throw refuse(input.deliveryMethod === 'slack' ? taskMessages.slackUrl : taskMessages.discordUrl);
    return;
  }
  if (isLocalOrPrivateHost(new URL(url).hostname)) throw refuse(privateWebhookMessage);
}
