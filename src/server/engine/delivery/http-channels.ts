import type { RunTrigger } from '#shared/runs/run.schema';
import type { RunWebhook } from '#shared/runs/run-webhook.schema';
import { toRun } from '../../core/runs/to-run';
import { discordMessage, slackMessage, type ChatRun } from '../../delivery/chat-messages';
import { postWebhook } from '../../delivery/post-webhook';
import { signWebhook } from '../../delivery/webhook-signature';
import { slotText } from '../../mail/templates';
import type { EngineDeps } from '../engine-deps';
import { webhookRetryDelaysMs } from '../engine-policy';
import { noReceiptFields, type ChannelAttempt, type ChannelOutcome, type DeliveryChannel } from './channel';

/**
 * The channels that POST to a URL: a signed webhook, and Slack and Discord messages to a channel's incoming webhook.
 * Each attempt ends within the webhook deadline (so the run's own job makes the first, ADR 0073) and is logged.
 */

const retryDelaysMs = (deps: EngineDeps) => deps.webhookRetryDelaysMs ?? webhookRetryDelaysMs;

/** One POST's outcome, with the `webhook-id` a signed webhook carries (null for Slack and Discord) on its receipt. */
async function post(
  { deps, target, attempt }: ChannelAttempt,
  { body, headers, webhookId }: { body: string; headers: Record<string, string>; webhookId: string | null },
): Promise<ChannelOutcome> {
  const url = target.config.webhookUrl ?? '';
  const result = await postWebhook({
    url,
    body,
    allowPrivate: deps.env.ALLOW_PRIVATE_WEBHOOKS,
    headers: { 'content-type': 'application/json', 'user-agent': 'Promptcron-Webhooks/1.0', ...headers },
  });
  const { error, statusCode, durationMs } = result;
  const logged = { url, statusCode, durationMs, error };
  if (error) return { outcome: 'failed', error, logged };
  return {
    outcome: 'sent',
    logged,
    receipt: { ...noReceiptFields, method: target.method, at: new Date().toISOString(), attempt, statusCode, durationMs, webhookId },
  };
}

/** One signed POST of the run to the task's webhook. */
export const webhookChannel: DeliveryChannel = {
  method: 'webhook',
  firstAttemptInRunJob: true,
  usesMailServer: false,
  retryDelaysMs,
  async send(attempt) {
    const { run, task } = attempt;
    // The same id on every attempt, so receivers can drop duplicates; a replay has its own and names the original.
    const messageId = attempt.replay?.webhookId ?? `msg_${run.id}`;
    const timestamp = Math.floor(Date.now() / 1000);
    const payload: RunWebhook = {
      type: run.status === 'completed' ? 'task.run.completed' : 'task.run.failed',
      task: { id: task.id, name: task.name, provider: run.provider, model: run.model },
      run: toRun(run, task.name),
    };
    const body = JSON.stringify(payload);
    const headers = {
      'webhook-id': messageId,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signWebhook({ secret: task.webhookSecret, id: messageId, timestamp, body }),
      ...(attempt.replay ? { 'webhook-replay-of': attempt.replay.of } : {}),
    };
    return post(attempt, { body, headers, webhookId: messageId });
  },
};

/** What a chat message says before the slot: how the run came about when it is not the schedule's own. */
const whenPrefix: Record<RunTrigger, string> = { schedule: '', manual: 'Run now, ', backfill: 'Backfill, ' };

/** The run as a chat message, in the shape the channel's incoming webhook takes. */
function chatChannel(method: 'slack' | 'discord', message: (run: ChatRun) => unknown): DeliveryChannel {
  return {
    method,
    firstAttemptInRunJob: true,
    usesMailServer: false,
    retryDelaysMs,
    async send(attempt) {
      const { run, task, taskUrl } = attempt;
      const slot = slotText(run.scheduledFor ?? run.startedAt, task.timezone);
      const chatRun: ChatRun = {
        taskName: task.name,
        url: taskUrl,
        when: `${whenPrefix[run.trigger]}${slot} (${task.timezone})`,
        at: (run.scheduledFor ?? run.startedAt).toISOString(),
        outcome:
          run.status === 'completed'
            ? { status: 'completed', result: run.result ?? '' }
            : { status: 'error', error: run.error ?? 'The run failed.' },
      };
      return post(attempt, { body: JSON.stringify(message(chatRun)), headers: {}, webhookId: null });
    },
  };
}

export const slackChannel = chatChannel('slack', slackMessage);
export const discordChannel = chatChannel('discord', discordMessage);
