import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAnthropicServer } from '#test/anthropic-server';
import { startOpenAiServer } from '#test/openai-server';
import { structuredFailureMessages, type GenerateRequest } from './ai-provider';
import { anthropicProvider } from './anthropic-provider';
import { openAiCompatibleProvider } from './openai-provider';

let openai: Awaited<ReturnType<typeof startOpenAiServer>>;
let anthropic: Awaited<ReturnType<typeof startAnthropicServer>>;

beforeAll(async () => {
  [openai, anthropic] = await Promise.all([startOpenAiServer(), startAnthropicServer()]);
});

afterAll(async () => {
  await Promise.all([openai?.stop(), anthropic?.stop()]);
});

/** A list of headlines in the strict form the engine hands the providers. */
const headlines = {
  type: 'object',
  properties: {
    items: {
      type: 'array',
      items: {
        type: 'object',
        properties: { title: { type: 'string' }, url: { type: ['string', 'null'] } },
        required: ['title', 'url'],
        additionalProperties: false,
      },
    },
  },
  required: ['items'],
  additionalProperties: false,
};
const answer = JSON.stringify({ items: [{ title: 'Rates held', url: null }] });
const request: GenerateRequest = {
  model: 'test-model',
  input: 'List today’s headlines.',
  webSearch: false,
  output: { name: 'headlines', schema: headlines },
};
const { output: _, ...freeText } = request;

const viaOpenAi = (api: 'responses' | 'chat') =>
  openAiCompatibleProvider({ label: 'Test', apiKey: 'sk-test', apiKeyVariable: 'TEST_API_KEY', baseURL: openai.baseUrl, api });
const claude = () => anthropicProvider({ apiKey: 'sk-ant-test', baseURL: anthropic.baseUrl });

async function lastBody(server: { requests: { body: Record<string, unknown> }[] }, call: () => Promise<unknown>) {
  const before = server.requests.length;
  await call();
  expect(server.requests.length - before).toBe(1);
  return server.requests[before]!.body;
}

describe('structured output in each provider’s native format (ADR 0120)', () => {
  it('asks the OpenAI Responses API for a strict json_schema text format and returns the JSON text', async () => {
    openai.plan({ text: answer });
    let text = '';
    const body = await lastBody(openai, async () => ({ text } = await viaOpenAi('responses').generate(request)));
    expect(body.text).toEqual({ format: { type: 'json_schema', name: 'headlines', schema: headlines, strict: true } });
    expect(JSON.parse(text)).toEqual({ items: [{ title: 'Rates held', url: null }] });
  });

  it('asks Chat Completions (Gemini, OpenRouter, compatible servers) for a strict json_schema response_format', async () => {
    openai.plan({ text: answer });
    let text = '';
    const body = await lastBody(openai, async () => ({ text } = await viaOpenAi('chat').generate(request)));
    expect(body.response_format).toEqual({ type: 'json_schema', json_schema: { name: 'headlines', schema: headlines, strict: true } });
    expect(JSON.parse(text)).toEqual({ items: [{ title: 'Rates held', url: null }] });
  });

  it('asks the Anthropic Messages API for an output_config json_schema format, without a beta header', async () => {
    anthropic.plan({ text: answer });
    let text = '';
    const body = await lastBody(anthropic, async () => ({ text } = await claude().generate(request)));
    expect(body.output_config).toEqual({ format: { type: 'json_schema', schema: headlines } });
    expect(anthropic.requests.at(-1)?.betas).toBeUndefined();
    expect(JSON.parse(text)).toEqual({ items: [{ title: 'Rates held', url: null }] });
  });

  it('sends no format at all for a task without an output schema', async () => {
    const responses = await lastBody(openai, () => viaOpenAi('responses').generate(freeText));
    expect(responses).not.toHaveProperty('text');
    const chat = await lastBody(openai, () => viaOpenAi('chat').generate(freeText));
    expect(chat).not.toHaveProperty('response_format');
    const messages = await lastBody(anthropic, () => claude().generate(freeText));
    expect(messages).not.toHaveProperty('output_config');
  });
});

describe('a refusal and a cut-off answer (ADR 0120)', () => {
  const words = 'I can’t help with that request.';

  it('reports a refusal in the model’s words from each API', async () => {
    openai.plan({ refusal: words }, { refusal: words });
    anthropic.plan({ refusal: words });
    const results = [
      await viaOpenAi('responses').generate(request),
      await viaOpenAi('chat').generate(request),
      await claude().generate(request),
    ];
    for (const result of results) {
      expect(result).toMatchObject({ text: '', refusal: words });
      expect(result).not.toHaveProperty('truncated');
      expect(structuredFailureMessages.refusal(result.refusal!)).toBe('The model refused to answer: I can’t help with that request.');
    }
  });

  it('says when Claude refused without giving a reason', async () => {
    anthropic.plan({ refusal: '' });
    const result = await claude().generate(request);
    expect(result.refusal).toBe('');
    expect(structuredFailureMessages.refusal(result.refusal!)).toBe('The model refused to answer and gave no reason.');
  });

  it('reports an answer cut off at the output-token limit as truncated, with the part written', async () => {
    const part = '{"items":[{"title":"Rates he';
    openai.plan({ text: part, truncated: true }, { text: part, truncated: true });
    anthropic.plan({ text: part, truncated: true });
    const results = [
      await viaOpenAi('responses').generate(request),
      await viaOpenAi('chat').generate(request),
      await claude().generate(request),
    ];
    for (const result of results) {
      expect(result).toMatchObject({ text: part, truncated: true });
      expect(result).not.toHaveProperty('refusal');
    }
  });

  it('reports neither for a complete answer', async () => {
    openai.plan({ text: answer }, { text: answer });
    anthropic.plan({ text: answer });
    for (const result of [
      await viaOpenAi('responses').generate(request),
      await viaOpenAi('chat').generate(request),
      await claude().generate(request),
    ]) {
      expect(result).not.toHaveProperty('refusal');
      expect(result).not.toHaveProperty('truncated');
    }
  });
});
