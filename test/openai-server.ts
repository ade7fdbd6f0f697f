import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

/**
 * A real HTTP server that speaks enough of the OpenAI API (Responses and Chat Completions) for the official SDK:
 * the product talks to it through OPENAI_BASE_URL exactly as it talks to OpenAI. Tests queue answers (an error
 * status, a delay) and read the requests it received.
 */
export interface PlannedAnswer {
  status?: number;
  text?: string;
  delayMs?: number;
  headers?: Record<string, string>;
  /** The error's message when `status` is not 200. */
  message?: string;
  /** The tokens the answer reports; without it, the server's default usage. */
  usage?: { inputTokens: number; outputTokens: number };
  /** The model refuses with these words, in each API's own shape; `text` (if any) is what it wrote before. */
  refusal?: string;
  /** The answer stops at the output-token limit, in each API's own shape; `text` is the part written. */
  truncated?: boolean;
}

export interface ReceivedRequest {
  path: string;
  authorization: string | undefined;
  body: Record<string, unknown>;
  /** When the caller hung up before the answer was sent (an aborted call), else undefined. */
  abandonedAt?: number;
}

export interface OpenAiServerOptions {
  defaultText?: string;
  defaultDelayMs?: number;
  /**
   * A prompt containing this text is refused with 400, as a model refuses a prompt it will not answer, whatever is
   * queued: a test in another process (a browser journey) can make its own run fail without touching the queue.
   */
  refusePromptsContaining?: string;
  /** A prompt containing a key is answered with its text, whatever is queued: a journey's structured answer (ADR 0119). */
  answerPromptsContaining?: Record<string, string>;
}

export async function startOpenAiServer({
  defaultText = 'Hello from the test model.',
  defaultDelayMs = 0,
  refusePromptsContaining,
  answerPromptsContaining = {},
}: OpenAiServerOptions = {}) {
  const planned: PlannedAnswer[] = [];
  const requests: ReceivedRequest[] = [];
  const refusal: PlannedAnswer = { status: 400, message: `The test model refuses prompts containing "${refusePromptsContaining}".` };

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
      const received: ReceivedRequest = { path: request.url ?? '', authorization: request.headers.authorization, body };
      requests.push(received);
      const prompt = promptOf(body);
      const fixed = Object.entries(answerPromptsContaining).find(([marker]) => prompt.includes(marker));
      const answer =
        refusePromptsContaining && prompt.includes(refusePromptsContaining)
          ? refusal
          : fixed
            ? { text: fixed[1] }
            : (planned.shift() ?? {});
      const answering = setTimeout(() => reply(request.url ?? '', body, answer, response), answer.delayMs ?? defaultDelayMs);
      response.on('close', () => {
        if (response.writableFinished) return;
        received.abandonedAt = Date.now();
        clearTimeout(answering);
      });
    });
  });

  function reply(path: string, body: Record<string, unknown>, answer: PlannedAnswer, response: ServerResponse) {
    const status = answer.status ?? 200;
    const headers = { 'content-type': 'application/json', ...answer.headers };
    if (status !== 200) {
      response
        .writeHead(status, headers)
        .end(JSON.stringify({ error: { message: answer.message ?? `Test server answered ${status}`, type: 'test_error', code: null } }));
      return;
    }
    const text = answer.text ?? defaultText;
    const usage = answer.usage ?? { inputTokens: 12, outputTokens: 34 };
    if (path.endsWith('/responses')) {
      response.writeHead(200, headers).end(
        JSON.stringify({
          id: `resp_${requests.length}`,
          object: 'response',
          created_at: Math.floor(Date.now() / 1000),
          status: answer.truncated ? 'incomplete' : 'completed',
          incomplete_details: answer.truncated ? { reason: 'max_output_tokens' } : null,
          model: body.model,
          output: [
            {
              id: `msg_${requests.length}`,
              type: 'message',
              role: 'assistant',
              status: answer.truncated ? 'incomplete' : 'completed',
              content: responsesContent(answer, text),
            },
          ],
          usage: {
            input_tokens: usage.inputTokens,
            output_tokens: usage.outputTokens,
            total_tokens: usage.inputTokens + usage.outputTokens,
          },
        }),
      );
      return;
    }
    response.writeHead(200, headers).end(
      JSON.stringify({
        id: `chatcmpl_${requests.length}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: body.model,
        choices: [
          {
            index: 0,
            finish_reason: answer.truncated ? 'length' : 'stop',
            message: {
              role: 'assistant',
              content: answer.refusal === undefined ? text : (answer.text ?? null),
              refusal: answer.refusal ?? null,
            },
          },
        ],
        usage: {
          prompt_tokens: usage.inputTokens,
          completion_tokens: usage.outputTokens,
          total_tokens: usage.inputTokens + usage.outputTokens,
        },
      }),
    );
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as { port: number };
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    plan: (...answers: PlannedAnswer[]) => planned.push(...answers),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A Responses message's parts: a refusal is a part of its own, after whatever text came first. */
function responsesContent(answer: PlannedAnswer, text: string) {
  if (answer.refusal === undefined) return [{ type: 'output_text', text, annotations: [] }];
  return [
    ...(answer.text === undefined ? [] : [{ type: 'output_text', text: answer.text, annotations: [] }]),
    { type: 'refusal', refusal: answer.refusal },
  ];
}

/** The prompt of a Responses (`input`) or Chat Completions (`messages`) request, as text to search. */
function promptOf(body: Record<string, unknown>): string {
  return JSON.stringify(body.input ?? body.messages ?? '');
}
