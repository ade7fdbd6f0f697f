import OpenAI from 'openai';
import { ProviderError, type AiProvider, type GenerateRequest } from './ai-provider';
import { describeFailure } from './provider-failure';

export interface OpenAiCompatibleOptions {
  /** The provider's name in messages: "OpenAI", "Google Gemini", … */
  label: string;
  apiKey: string | undefined;
  /** Name of the variable that holds the key, for the message when it is missing. */
  apiKeyVariable: string;
  baseURL?: string;
  /** OpenAI itself speaks the Responses API; the compatible endpoints of other providers speak Chat Completions. */
  api: 'responses' | 'chat';
  timeoutMs?: number;
}

/**
 * OpenAI through the official SDK, and other providers through their OpenAI-compatible endpoints. The SDK retries
 * 429, 5xx, connection errors and timeouts with exponential backoff and jitter, honouring Retry-After; 4xx answers
 * about the key or the request are final.
 */
export function openAiCompatibleProvider(options: OpenAiCompatibleOptions): AiProvider {
  const { label, apiKey, apiKeyVariable, baseURL, api, timeoutMs = 120_000 } = options;
  const client = apiKey ? new OpenAI({ apiKey, baseURL, maxRetries: 3, timeout: timeoutMs }) : undefined;

  return {
    async generate(request: GenerateRequest) {
      if (!client) throw new ProviderError(`${label} has no API key on this server. Set ${apiKeyVariable} and run the task again.`);
      try {
        return api === 'responses' ? await viaResponses(client, request) : await viaChat(client, request);
      } catch (error) {
        throw describeFailure(OpenAI, error, { label, model: request.model, timeoutMs });
      }
    },
  };
}

async function viaResponses(client: OpenAI, { model, input, temperature, webSearch, output, signal }: GenerateRequest) {
  const response = await client.responses.create(
    {
      model,
      input,
      ...(temperature === undefined ? {} : { temperature }),
      ...(webSearch ? { tools: [{ type: 'web_search' as const }] } : {}),
      ...(output ? { text: { format: { type: 'json_schema' as const, name: output.name, schema: output.schema, strict: true } } } : {}),
    },
    { signal },
  );
  // A refusal is a content part of its own beside (or instead of) the text, which output_text leaves out.
  const refusals = response.output.flatMap((item) =>
    item.type === 'message' ? item.content.flatMap((part) => (part.type === 'refusal' ? [part.refusal] : [])) : [],
  );
  return {
    text: response.output_text,
    usage: { inputTokens: response.usage?.input_tokens ?? null, outputTokens: response.usage?.output_tokens ?? null },
    ...(refusals.length > 0 ? { refusal: refusals.join('\n') } : {}),
    ...(response.status === 'incomplete' && response.incomplete_details?.reason === 'max_output_tokens' ? { truncated: true } : {}),
  };
}

async function viaChat(client: OpenAI, { model, input, temperature, output, signal }: GenerateRequest) {
  const completion = await client.chat.completions.create(
    {
      model,
      messages: [{ role: 'user', content: input }],
      ...(temperature === undefined ? {} : { temperature }),
      ...(output
        ? { response_format: { type: 'json_schema' as const, json_schema: { name: output.name, schema: output.schema, strict: true } } }
        : {}),
    },
    { signal },
  );
  const choice = completion.choices[0];
  // Null from OpenAI when the model answered; servers that know no refusals may leave it out altogether.
  const refusal = choice?.message.refusal;
  return {
    text: choice?.message.content ?? '',
    usage: { inputTokens: completion.usage?.prompt_tokens ?? null, outputTokens: completion.usage?.completion_tokens ?? null },
    ...(typeof refusal === 'string' ? { refusal } : {}),
    ...(choice?.finish_reason === 'length' ? { truncated: true } : {}),
  };
}
