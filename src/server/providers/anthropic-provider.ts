import Anthropic from '@anthropic-ai/sdk';
import { ProviderError, type AiProvider, type GenerateRequest } from './ai-provider';
import { describeFailure } from './provider-failure';

const label = 'Anthropic';
/** Long enough for a report, short enough that a runaway answer stays cheap. */
const maxOutputTokens = 4_096;
/** Searches Claude may run for one answer. */
const maxSearches = 5;

/**
 * Claude through Anthropic's official SDK and Messages API, which (unlike its OpenAI-compatible endpoint) offers
 * web search. The SDK retries 429, 5xx, connection errors and timeouts with backoff, honouring Retry-After.
 */
export function anthropicProvider({
  apiKey,
  baseURL,
  timeoutMs = 120_000,
}: {
  apiKey: string | undefined;
  baseURL?: string;
  timeoutMs?: number;
}): AiProvider {
  const client = apiKey ? new Anthropic({ apiKey, baseURL, maxRetries: 3, timeout: timeoutMs }) : undefined;

  return {
    async generate({ model, input, temperature, webSearch, output, signal }: GenerateRequest) {
      if (!client) throw new ProviderError(`${label} has no API key on this server. Set ANTHROPIC_API_KEY and run the task again.`);
      try {
        const message = await client.messages.create(
          {
            model,
            max_tokens: maxOutputTokens,
            messages: [{ role: 'user', content: input }],
            // Claude takes 0–1 where the task form offers OpenAI's 0–2; above 1 means "as varied as it gets".
            ...(temperature === undefined ? {} : { temperature: Math.min(temperature, 1) }),
            ...(webSearch ? { tools: [{ type: 'web_search_20250305' as const, name: 'web_search' as const, max_uses: maxSearches }] } : {}),
            // Generally available in the Messages API: the SDK sends it without a beta header (ADR 0120).
            ...(output ? { output_config: { format: { type: 'json_schema' as const, schema: output.schema } } } : {}),
          },
          { signal },
        );
        const text = message.content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('');
        return {
          text,
          usage: { inputTokens: message.usage.input_tokens, outputTokens: message.usage.output_tokens },
          // Claude's reason comes in stop_details, not in the text: what text there is was cut off by the refusal.
          ...(message.stop_reason === 'refusal' ? { refusal: message.stop_details?.explanation ?? '' } : {}),
          // A full context window cuts the answer short just as the token limit does.
          ...(message.stop_reason === 'max_tokens' || message.stop_reason === 'model_context_window_exceeded' ? { truncated: true } : {}),
        };
      } catch (error) {
        throw describeFailure(Anthropic, error, { label, model, timeoutMs });
      }
    },
  };
}
