import { randomBytes } from 'node:crypto';
import { providerCatalog } from '#shared/tasks/catalog';
import { nextFireTime } from '#shared/tasks/schedule';
import type { ParsedTaskInput } from '#shared/tasks/task.schema';
import { todayIn } from '#shared/time/zoned-time';
import type { Env } from '../../env';
import { DomainError } from '../errors';
import { isProviderEnabled } from '../catalog/get-catalog';

/** Standard Webhooks secrets are `whsec_` followed by base64 of 24+ random bytes. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** The columns a task input sets, with the derived next fire time. */
export function taskValues({ env, input, now = new Date() }: { env: Env; input: ParsedTaskInput; now?: Date }) {
  if (!isProviderEnabled(env, input.provider)) {
    const name = providerCatalog.find((provider) => provider.id === input.provider)?.name ?? input.provider;
    throw new DomainError('provider_unavailable', 422, `${name} needs an API key on the server. Choose another provider.`);
  }
  const custom = input.scheduleType === 'custom';
  const schedule = {
    scheduleType: input.scheduleType,
    scheduleTime: custom ? null : (input.scheduleTime ?? null),
    // A simple schedule starts today (in the task's zone) unless told otherwise.
    startDate: custom ? null : (input.startDate ?? todayIn(input.timezone, now)),
    timezone: input.timezone,
    customCron: custom ? (input.customCron ?? null) : null,
  };
  return {
    name: input.name,
    description: input.description ?? null,
    provider: input.provider,
    model: input.model,
    ...schedule,
    prompt: input.prompt,
    deliveryMethod: input.deliveryMethod,
    deliveryConfig: input.deliveryConfig,
    nextFireAt: nextFireTime(schedule, now),
  };
}
