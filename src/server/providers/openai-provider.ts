import OpenAI from 'openai';
import { ProviderError, type AiProvider, type GenerateRequest } from './ai-provider';

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
        throw describeFailure(error, label, request.model, timeoutMs);
      }
    },
  };
}

async function viaResponses(client: OpenAI, { model, input, temperature, webSearch }: GenerateRequest) {
  const response = await client.responses.create({
    model,
    input,
    ...(temperature === undefined ? {} : { temperature }),
    ...(webSearch ? { tools: [{ type: 'web_search' as const }] } : {}),
  });
  return { text: response.output_text, usage: { inputTokens: response.usage?.input_tokens ?? null, outputTokens: response.usage?.output_tokens ?? null } };
}

async function viaChat(client: OpenAI, { model, input, temperature }: GenerateRequest) {
  const completion = await client.chat.completions.create({
    model,
    messages: [{ role: 'user', content: input }],
    ...(temperature === undefined ? {} : { temperature }),
  });
  return {
    text: completion.choices[0]?.message.content ?? '',
    usage: { inputTokens: completion.usage?.prompt_tokens ?? null, outputTokens: completion.usage?.completion_tokens ?? null },
  };
}

function describeFailure(error: unknown, label: string, model: string, timeoutMs: number): ProviderError {
  if (error instanceof ProviderError) return error;
  if (error instanceof OpenAI.APIConnectionTimeoutError) return new ProviderError(`${label} did not answer within ${Math.round(timeoutMs / 1000)} seconds.`);
  if (error instanceof OpenAI.APIConnectionError) return new ProviderError(`Could not reach ${label}. The run will be tried again at its next scheduled time.`);
  if (error instanceof OpenAI.AuthenticationError) return new ProviderError(`${label} rejected the API key. Check the key configured on the server.`);
  if (error instanceof OpenAI.PermissionDeniedError) return new ProviderError(`${label} refused the request: the API key may not have access to ${model}.`);
  if (error instanceof OpenAI.NotFoundError) return new ProviderError(`${label} does not offer the model ${model} to this API key.`);
  if (error instanceof OpenAI.RateLimitError) return new ProviderError(`${label} is rate limiting or out of quota for this API key; retries did not get through.`);
  if (error instanceof OpenAI.BadRequestError) return new ProviderError(`${label} refused the prompt: ${error.error && typeof error.error === 'object' && 'message' in error.error ? String(error.error.message) : error.message}`);
  if (error instanceof OpenAI.APIError) return new ProviderError(`${label} failed to answer (HTTP ${error.status ?? 'error'}); retries did not help.`);
  return new ProviderError(`${label} call failed: ${error instanceof Error ? error.message : String(error)}`);
}
