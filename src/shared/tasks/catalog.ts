/**
 * The AI providers and models a task can use (spec section 3). OpenAI is always offered; the other providers are
 * offered when the server has their API key (`GET /api/catalog` says which).
 */

export const providerIds = ['openai', 'anthropic', 'gemini', 'openrouter'] as const;
export type ProviderId = (typeof providerIds)[number];

export interface ModelEntry {
  id: string;
  name: string;
  /** The model can search the web while answering. */
  webSearch: boolean;
  /** Shown with a "New" badge. */
  isNew: boolean;
  /** The model only accepts its default temperature, so the setting is not sent. */
  fixedTemperature: boolean;
  /** The model can be held to a task's output schema (its provider's strict JSON Schema mode, ADR 0119). */
  structuredOutput: boolean;
  /** USD per million tokens, from the provider's price page on `pricesTakenOn`; absent when unknown (cost shows "—"). */
  price?: ModelPrice;
}

export interface ModelPrice {
  inputPerMillion: number;
  outputPerMillion: number;
}

export interface ProviderEntry {
  id: ProviderId;
  name: string;
  defaultModel: string;
  models: ModelEntry[];
}

const model = (id: string, name: string, options: Partial<Omit<ModelEntry, 'id' | 'name'>> = {}): ModelEntry => ({
  id,
  name,
  webSearch: options.webSearch ?? false,
  isNew: options.isNew ?? false,
  fixedTemperature: options.fixedTemperature ?? false,
  structuredOutput: options.structuredOutput ?? false,
  ...(options.price ? { price: options.price } : {}),
});

const usd = (inputPerMillion: number, outputPerMillion: number): ModelPrice => ({ inputPerMillion, outputPerMillion });

/**
 * The day the prices below were read from the providers' price pages (standard tier, prompts under 200k tokens).
 * Costs are estimates: cached input, search calls and batch discounts are not counted (docs/decisions/0051).
 */
export const pricesTakenOn = '2026-11-25';

export const providerCatalog: ProviderEntry[] = [
  {
    id: 'openai',
    name: 'OpenAI',
    defaultModel: 'gpt-5-nano',
    models: [
      model('gpt-5-chat-latest', 'GPT-5 Chat', { structuredOutput: true, isNew: true, price: usd(1.25, 10) }),
      model('gpt-5-mini', 'GPT-5 mini', {
        structuredOutput: true,
        isNew: true,
        webSearch: true,
        fixedTemperature: true,
        price: usd(0.25, 2),
      }),
      model('gpt-5-nano', 'GPT-5 nano', {
        structuredOutput: true,
        isNew: true,
        webSearch: true,
        fixedTemperature: true,
        price: usd(0.05, 0.4),
      }),
      model('gpt-4.1', 'GPT-4.1', { structuredOutput: true, webSearch: true, price: usd(2, 8) }),
      model('gpt-4.1-mini', 'GPT-4.1 mini', { structuredOutput: true, webSearch: true, price: usd(0.4, 1.6) }),
      model('o4-mini', 'o4-mini', { structuredOutput: true, webSearch: true, fixedTemperature: true, price: usd(1.1, 4.4) }),
    ],
  },
  {
    id: 'anthropic',
    name: 'Anthropic',
    defaultModel: 'claude-sonnet-4-5',
    models: [
      model('claude-sonnet-4-5', 'Claude Sonnet 4.5', { structuredOutput: true, webSearch: true, price: usd(3, 15) }),
      model('claude-haiku-4-5', 'Claude Haiku 4.5', { structuredOutput: true, webSearch: true, price: usd(1, 5) }),
    ],
  },
  {
    id: 'gemini',
    name: 'Google Gemini',
    defaultModel: 'gemini-2.5-flash',
    models: [
      model('gemini-2.5-flash', 'Gemini 2.5 Flash', { structuredOutput: true, price: usd(0.3, 2.5) }),
      model('gemini-2.5-pro', 'Gemini 2.5 Pro', { structuredOutput: true, price: usd(1.25, 10) }),
    ],
  },
  {
    id: 'openrouter',
    name: 'OpenRouter',
    defaultModel: 'openai/gpt-5-mini',
    models: [
      model('openai/gpt-5-mini', 'OpenAI GPT-5 mini', { structuredOutput: true, fixedTemperature: true, price: usd(0.25, 2) }),
      model('anthropic/claude-sonnet-4.5', 'Anthropic Claude Sonnet 4.5', { structuredOutput: true, price: usd(3, 15) }),
      model('google/gemini-2.5-flash', 'Google Gemini 2.5 Flash', { structuredOutput: true, price: usd(0.3, 2.5) }),
      // OpenRouter routes it to whichever host has room, and not every host holds an answer to a JSON Schema.
      model('meta-llama/llama-3.3-70b-instruct', 'Meta Llama 3.3 70B Instruct'),
    ],
  },
];

export const defaultProvider: ProviderId = 'openai';

/** Whether the catalogue marks the model as able to follow an output schema; a model it does not list cannot. */
export function supportsStructuredOutput(provider: string, modelId: string): boolean {
  return findModel(provider, modelId)?.structuredOutput ?? false;
}

export function findModel(provider: string, modelId: string): ModelEntry | undefined {
  return providerCatalog.find((entry) => entry.id === provider)?.models.find((entry) => entry.id === modelId);
}

/**
 * The estimated cost in USD of a run's tokens, rounded to 8 decimal places (what the database keeps); null when
 * the model has no price or the provider reported no tokens.
 */
export function estimateCostUsd(
  provider: string,
  modelId: string,
  usage: { inputTokens: number | null; outputTokens: number | null },
): number | null {
  const price = findModel(provider, modelId)?.price;
  if (!price || (usage.inputTokens === null && usage.outputTokens === null)) return null;
  const cost = ((usage.inputTokens ?? 0) * price.inputPerMillion + (usage.outputTokens ?? 0) * price.outputPerMillion) / 1_000_000;
  return Math.round(cost * 1e8) / 1e8;
}
