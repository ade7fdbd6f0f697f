import { describe, expect, it } from 'vitest';
import { estimateCostUsd, findModel } from './catalog';

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
