import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAnthropicServer } from '#test/anthropic-server';
import type { ProviderError } from './ai-provider';
import { anthropicProvider } from './anthropic-provider';

let anthropic: Awaited<ReturnType<typeof startAnthropicServer>>;

beforeAll(async () => {
  anthropic = await startAnthropicServer();
});

afterAll(async () => {
  await anthropic?.stop();
});

const claude = () => anthropicProvider({ apiKey: 'sk-ant-test', baseURL: anthropic.baseUrl });

describe('the Anthropic provider', () => {
  it('asks Claude through the Messages API and returns its answer and token counts', async () => {
    const before = anthropic.requests.length;
    const result = await claude().generate({ model: 'claude-haiku-4-5', input: 'Summarise the news.', temperature: 0.3, webSearch: true });
    expect(result).toEqual({ text: 'Hello from the test Claude.', usage: { inputTokens: 21, outputTokens: 43 } });
    const [request] = anthropic.requests.slice(before);
    expect(request?.path).toBe('/v1/messages');
    expect(request?.credentials).toMatch(/^(Bearer )?sk-ant-test$/);
    expect(request?.body).toMatchObject({
      model: 'claude-haiku-4-5',
      messages: [{ role: 'user', content: 'Summarise the news.' }],
      temperature: 0.3,
      tools: [{ type: 'web_search_20250305', name: 'web_search' }],
    });
  });

  it('keeps the temperature within Claude’s 0–1 and sends no tools without web search', async () => {
    const before = anthropic.requests.length;
    await claude().generate({ model: 'claude-sonnet-4-5', input: 'Write a haiku.', temperature: 1.6, webSearch: false });
    const [request] = anthropic.requests.slice(before);
    expect(request?.body.temperature).toBe(1);
    expect(request?.body).not.toHaveProperty('tools');
  });

  it('retries an overloaded API and then answers', async () => {
    anthropic.plan({ status: 529, headers: { 'retry-after-ms': '10' } }, { status: 500, headers: { 'retry-after-ms': '10' } });
    const before = anthropic.requests.length;
    const result = await claude().generate({ model: 'claude-haiku-4-5', input: 'Say hi.', webSearch: false });
    expect(result.text).toBe('Hello from the test Claude.');
    expect(anthropic.requests.length - before).toBe(3);
  });

  it('tells a rejected key and a refused prompt in words, without retrying them', async () => {
    anthropic.plan({ status: 401 });
    const before = anthropic.requests.length;
    await expect(claude().generate({ model: 'claude-haiku-4-5', input: 'Say hi.', webSearch: false })).rejects.toThrow(
      'Anthropic rejected the API key. Check the key configured on the server.',
    );
    expect(anthropic.requests.length - before).toBe(1);

    anthropic.plan({ status: 400, text: 'max_tokens: too large for this model' });
    await expect(claude().generate({ model: 'claude-haiku-4-5', input: 'Say hi.', webSearch: false })).rejects.toThrow(
      'Anthropic refused the prompt: max_tokens: too large for this model',
    );
  });

  it('marks an overloaded or rate-limited API as worth a fallback model, and a refused request not (ADR 0121)', async () => {
    const failureOf = (provider = claude()) =>
      provider.generate({ model: 'claude-haiku-4-5', input: 'Say hi.', webSearch: false }).then(
        () => undefined,
        (error: unknown) => error as ProviderError,
      );
    const retried = (status: number) => Array.from({ length: 4 }, () => ({ status, headers: { 'retry-after-ms': '10' } }));

    anthropic.plan(...retried(529));
    expect(await failureOf()).toMatchObject({
      fallbackWorthy: true,
      message: 'Anthropic failed to answer (HTTP 529); retries did not help.',
    });
    anthropic.plan(...retried(429));
    expect((await failureOf())?.fallbackWorthy).toBe(true);

    for (const status of [400, 401, 403, 404]) {
      anthropic.plan({ status });
      expect((await failureOf())?.fallbackWorthy, `HTTP ${status}`).toBe(false);
    }
    expect((await failureOf(anthropicProvider({ apiKey: undefined })))?.fallbackWorthy).toBe(false);
  });

  it('says which variable to set when the server has no key', async () => {
    await expect(
      anthropicProvider({ apiKey: undefined }).generate({ model: 'claude-haiku-4-5', input: 'Say hi.', webSearch: false }),
    ).rejects.toThrow('Anthropic has no API key on this server. Set ANTHROPIC_API_KEY and run the task again.');
  });
});
