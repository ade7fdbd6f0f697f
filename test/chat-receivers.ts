import type { ServerResponse } from 'node:http';
import { startStandIn } from './local-server';

/**
 * Local stand-ins for Slack's and Discord's incoming webhooks that check what they are sent the way the services do
 * and answer as they answer: Slack 200 `ok` or 400 `invalid_blocks` / `no_text`
 * (api.slack.com/messaging/webhooks#handling_errors), Discord 204 or 400 with a JSON error
 * (discord.com/developers/docs/resources/webhook#execute-webhook). Tests read the accepted messages and may queue
 * other answers (a 404 for a deleted channel, a 429).
 */
interface ChatReceiver<Message> {
  url: string;
  accepted: Message[];
  /** Requests the stand-in refused as malformed, with its reason: a well-built message never lands here. */
  refused: string[];
  answerWith: (...statuses: number[]) => void;
  stop: () => Promise<void>;
}

export interface SlackMessage {
  text: string;
  blocks: { type: string; text?: { type: string; text: string }; elements?: { type: string; text: string }[] }[];
}

export interface DiscordMessage {
  embeds: { title: string; url?: string; description: string; timestamp?: string; footer?: { text: string } }[];
  allowed_mentions?: { parse: string[] };
}

/** Block Kit's limits: text 3,000 per section, 150 per header, 50 blocks (api.slack.com/reference/block-kit/blocks). */
function slackProblem(message: Partial<SlackMessage>): string | undefined {
  if (!message.text && !message.blocks?.length) return 'no_text';
  if ((message.blocks?.length ?? 0) > 50) return 'invalid_blocks';
  for (const block of message.blocks ?? []) {
    if (block.type === 'header' && (block.text?.type !== 'plain_text' || block.text.text.length > 150)) return 'invalid_blocks';
    if (block.type === 'section' && (!block.text || block.text.text.length > 3000)) return 'invalid_blocks';
    if (block.type === 'context' && !block.elements?.length) return 'invalid_blocks';
  }
  return undefined;
}

/** Embed limits: title 256, description 4,096, 10 embeds, 6,000 characters in all (discord.com/developers/docs/resources/message#embed-object-embed-limits). */
function discordProblem(message: Partial<DiscordMessage>): string | undefined {
  const embeds = message.embeds ?? [];
  if (embeds.length === 0) return 'Cannot send an empty message';
  if (embeds.length > 10) return 'Too many embeds';
  let total = 0;
  for (const embed of embeds) {
    if ((embed.title?.length ?? 0) > 256 || (embed.description?.length ?? 0) > 4096) return 'Invalid Form Body';
    total += (embed.title?.length ?? 0) + (embed.description?.length ?? 0) + (embed.footer?.text.length ?? 0);
  }
  return total > 6000 ? 'Embed size exceeds maximum size of 6000' : undefined;
}

async function startChatReceiver<Message>(
  path: string,
  check: (message: Partial<Message>) => string | undefined,
  answer: (response: ServerResponse, problem?: string) => void,
  statusAnswer: (response: ServerResponse, status: number) => void,
): Promise<ChatReceiver<Message>> {
  const accepted: Message[] = [];
  const refused: string[] = [];
  const statuses: number[] = [];
  const standIn = await startStandIn((request, body, response) => {
    const planned = statuses.shift();
    if (planned !== undefined) return statusAnswer(response, planned);
    let message: Partial<Message>;
    try {
      if (!String(request.headers['content-type']).startsWith('application/json')) throw new Error('not JSON');
      message = JSON.parse(body) as Partial<Message>;
    } catch {
      refused.push('invalid_payload');
      return answer(response, 'invalid_payload');
    }
    const problem = check(message);
    if (problem) refused.push(problem);
    else accepted.push(message as Message);
    answer(response, problem);
  });
  return {
    url: `${standIn.baseUrl}${path}`,
    accepted,
    refused,
    answerWith: (...codes: number[]) => statuses.push(...codes),
    stop: standIn.stop,
  };
}

export function startSlackReceiver(): Promise<ChatReceiver<SlackMessage>> {
  return startChatReceiver<SlackMessage>(
    '/services/T0001/B0001/secretpart',
    slackProblem,
    (response, problem) => response.writeHead(problem ? 400 : 200, { 'content-type': 'text/html' }).end(problem ?? 'ok'),
    (response, status) => response.writeHead(status, { 'content-type': 'text/html' }).end(status === 404 ? 'no_service' : 'rate_limited'),
  );
}

export function startDiscordReceiver(): Promise<ChatReceiver<DiscordMessage>> {
  return startChatReceiver<DiscordMessage>(
    '/api/webhooks/123456/token-part',
    discordProblem,
    (response, problem) =>
      problem
        ? response.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 50006, message: problem }))
        : response.writeHead(204).end(),
    (response, status) =>
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 10015, message: 'Unknown Webhook' })),
  );
}
