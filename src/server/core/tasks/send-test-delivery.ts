import type { ParsedTestDelivery, TestDeliveryResult } from '#shared/tasks/test-delivery.schema';
import type { Env } from '../../env';
import { discordMessage, slackMessage, type ChatRun } from '../../delivery/chat-messages';
import { postWebhook } from '../../delivery/post-webhook';
import { renderMarkdown } from '../../mail/render-markdown';
import { testDeliveryMail } from '../../mail/templates';
import type { Mailer } from '../../mail/mailer';
import { ValidationError } from '../errors';
import { refuseUnsafeDeliveryUrl } from './task-values';

// Plain words, no Markdown: a receiver that shows text as it comes (a webhook, a plain-text mail) shows no stray marks.
export const sampleResult = [
  'This is a test message from Promptcron.',
  '',
  'When the task runs, its result arrives here in this form: the task name, the time of the run and a link back to it.',
].join('\n');

export const ownAddressOnlyMessage = 'Test e-mails go only to your own address. Save the task to send results to another address.';

/**
 * "Send test message" (issue 19): one sample delivery by the method and address of the form, now, answering what
 * happened instead of retrying. The same host rules as a saved task apply; e-mail goes only to the account's own
 * address, so the button cannot mail strangers. Webhook samples are unsigned (`type: "task.test"`): a task's secret
 * exists once it is saved.
 */
export async function sendTestDelivery({
  env,
  mailer,
  owner,
  input,
}: {
  env: Env;
  mailer: Mailer;
  owner: { email: string };
  input: ParsedTestDelivery;
}): Promise<TestDeliveryResult> {
  const taskName = input.name || 'Your task';
  const url = `${env.APP_URL}/dashboard/tasks`;
  if (input.deliveryMethod === 'email') {
    const to = input.deliveryConfig.email ?? '';
    if (to.toLowerCase() !== owner.email.toLowerCase()) throw new ValidationError('deliveryConfig.email', ownAddressOnlyMessage);
    try {
      await mailer.send({ to, ...testDeliveryMail({ taskName, result: sampleResult, resultHtml: renderMarkdown(sampleResult), url }) });
      return { ok: true, statusCode: null, error: null };
    } catch (error) {
      return {
        ok: false,
        statusCode: null,
        error: `The e-mail could not be sent: ${error instanceof Error ? error.message : String(error)}`,
      };
    }
  }

  refuseUnsafeDeliveryUrl(env, input);
  const webhookUrl = input.deliveryConfig.webhookUrl ?? '';
  const now = new Date();
  const body =
    input.deliveryMethod === 'webhook'
      ? webhookSample(taskName, now)
      : chatSample(input.deliveryMethod, {
          taskName,
          url,
          when: 'Test message',
          at: now.toISOString(),
          outcome: { status: 'completed', result: sampleResult },
        });
  const attempt = await postWebhook({
    url: webhookUrl,
    body,
    allowPrivate: env.ALLOW_PRIVATE_WEBHOOKS,
    headers: { 'content-type': 'application/json', 'user-agent': 'Promptcron-Webhooks/1.0' },
  });
  return { ok: attempt.error === null, statusCode: attempt.statusCode, error: attempt.error };
}

function webhookSample(taskName: string, now: Date): string {
  return JSON.stringify({ type: 'task.test', task: { name: taskName }, sentAt: now.toISOString(), result: sampleResult });
}

function chatSample(method: 'slack' | 'discord', run: ChatRun): string {
  return JSON.stringify(method === 'slack' ? slackMessage(run) : discordMessage(run));
}
