import { describe, expect, it } from 'vitest';
import { estimateCostUsd, findModel, providerCatalog, supportsStructuredOutput } from './catalog';

describe('the price table', () => {
  it('prices the issue’s OpenAI models in USD per million tokens', () => {
    expect(findModel('openai', 'gpt-5-chat-latest')?.price).toEqual({ inputPerMillion: 1.25, outputPerMillion: 10 });
    expect(findModel('openai', 'gpt-5-nano')?.price).toEqual({ inputPerMillion: 0.05, outputPerMillion: 0.4 });
    expect(findModel('openai', 'o4-mini')?.price).toEqual({ inputPerMillion: 1.1, outputPerMillion: 4.4 });
  });

  it('estimates a run’s cost from its tokens; none without a price or without tokens', () => {
    expect(estimateCostUsd('openai', 'gpt-5-mini', { inputTokens: 1_000, outputTokens: 500 })).toBe(0.00125);
    expect(estimateCostUsd('openai', 'gpt-4.1', { inputTokens: 1_000_000, outputTokens: null })).toBe(2);
    expect(estimateCostUsd('openrouter', 'meta-llama/llama-3.3-70b-instruct', { inputTokens: 1_000, outputTokens: 500 })).toBeNull();
    expect(estimateCostUsd('openai', 'gpt-5-mini', { inputTokens: null, outputTokens: null })).toBeNull();
  });
});

describe('structured output in the catalogue (ADR 0119)', () => {
  it('marks the models whose provider can hold an answer to a JSON Schema', () => {
    const marked = providerCatalog.flatMap((provider) =>
      provider.models.filter((model) => model.structuredOutput).map((model) => `${provider.id}:${model.id}`),
    );
    expect(marked).toEqual([
      'openai:gpt-5-chat-latest',
      'openai:gpt-5-mini',
      'openai:gpt-5-nano',
      'openai:gpt-4.1',
      'openai:gpt-4.1-mini',
      'openai:o4-mini',
      'anthropic:claude-sonnet-4-5',
      'anthropic:claude-haiku-4-5',
      'gemini:gemini-2.5-flash',
      'gemini:gemini-2.5-pro',
      'openrouter:openai/gpt-5-mini',
      'openrouter:anthropic/claude-sonnet-4.5',
      'openrouter:google/gemini-2.5-flash',
    ]);
  });

  it('says no for a model it does not mark and for one it does not list', () => {
    expect(supportsStructuredOutput('anthropic', 'claude-haiku-4-5')).toBe(true);
    expect(supportsStructuredOutput('openrouter', 'meta-llama/llama-3.3-70b-instruct')).toBe(false);
    expect(supportsStructuredOutput('openai', 'gpt-3.5-turbo')).toBe(false);
    expect(supportsStructuredOutput('mistral', 'gpt-5-mini')).toBe(false);
  });
});
