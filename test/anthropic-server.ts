import { startStandIn } from './local-server';
import type { PlannedAnswer } from './openai-server';

export interface ReceivedMessagesRequest {
  path: string;
  /** The key as the SDK sent it: an `x-api-key` header, or `Authorization: Bearer …` in newer SDKs. */
  credentials: string | undefined;
  /** The `anthropic-beta` header: the features the SDK asked for beyond the generally available API. */
  betas: string | undefined;
  body: Record<string, unknown>;
}

/**
 * A real HTTP server that speaks enough of Anthropic's Messages API for the official SDK; the product reaches it
 * through ANTHROPIC_BASE_URL. Tests queue answers (an error status, headers, a refusal, a cut-off) and read the requests
 * it received.
 */
export async function startAnthropicServer({ defaultText = 'Hello from the test Claude.' } = {}) {
  const planned: PlannedAnswer[] = [];
  const requests: ReceivedMessagesRequest[] = [];

  const standIn = await startStandIn((request, text, response) => {
    const body = JSON.parse(text || '{}') as Record<string, unknown>;
    requests.push({
      path: request.url ?? '',
      credentials: (request.headers['x-api-key'] as string | undefined) ?? request.headers.authorization,
      betas: request.headers['anthropic-beta'] as string | undefined,
      body,
    });
    const answer = planned.shift() ?? {};
    const status = answer.status ?? 200;
    const headers = { 'content-type': 'application/json', ...answer.headers };
    const payload =
      status === 200
        ? {
            id: `msg_${requests.length}`,
            type: 'message',
            role: 'assistant',
            model: body.model,
            content: answer.refusal !== undefined && answer.text === undefined ? [] : [{ type: 'text', text: answer.text ?? defaultText }],
            stop_reason: answer.refusal !== undefined ? 'refusal' : answer.truncated ? 'max_tokens' : 'end_turn',
            stop_details: answer.refusal === undefined ? null : { type: 'refusal', category: null, explanation: answer.refusal },
            stop_sequence: null,
            usage: { input_tokens: answer.usage?.inputTokens ?? 21, output_tokens: answer.usage?.outputTokens ?? 43 },
          }
        : {
            type: 'error',
            error: {
              type: status === 401 ? 'authentication_error' : 'api_error',
              message: answer.text ?? `Test server answered ${status}`,
            },
          };
    setTimeout(() => response.writeHead(status, headers).end(JSON.stringify(payload)), answer.delayMs ?? 0);
  });

  return {
    baseUrl: standIn.baseUrl,
    requests,
    plan: (...answers: PlannedAnswer[]) => planned.push(...answers),
    stop: standIn.stop,
  };
}
