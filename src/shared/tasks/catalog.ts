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
});

export const providerCatalog: ProviderEntry[] = [
  {
    id: 'openai',
    name: 'OpenAI',
    defaultModel: 'gpt-5-nano',
    models: [
      model('gpt-5-chat-latest', 'GPT-5 Chat', { isNew: true }),
      model('gpt-5-mini', 'GPT-5 mini', { isNew: true, webSearch: true, fixedTemperature: true }),
      model('gpt-5-nano', 'GPT-5 nano', { isNew: true, webSearch: true, fixedTemperature: true }),
      model('gpt-4.1', 'GPT-4.1', { webSearch: true }),
      model('gpt-4.1-mini', 'GPT-4.1 mini', { webSearch: true }),
      model('o4-mini', 'o4-mini', { webSearch: true, fixedTemperature: true }),
    ],
  },
  {
    id: 'anthropic',
    name: 'Anthropic',
    defaultModel: 'claude-sonnet-4-5',
    models: [model('claude-sonnet-4-5', 'Claude Sonnet 4.5', { webSearch: true }), model('claude-haiku-4-5', 'Claude Haiku 4.5', { webSearch: true })],
  },
  {
    id: 'gemini',
    name: 'Google Gemini',
    defaultModel: 'gemini-2.5-flash',
    models: [model('gemini-2.5-flash', 'Gemini 2.5 Flash'), model('gemini-2.5-pro', 'Gemini 2.5 Pro')],
  },
  {
    id: 'openrouter',
    name: 'OpenRouter',
    defaultModel: 'openai/gpt-5-mini',
    models: [
      model('openai/gpt-5-mini', 'OpenAI GPT-5 mini', { fixedTemperature: true }),
      model('anthropic/claude-sonnet-4.5', 'Anthropic Claude Sonnet 4.5'),
      model('google/gemini-2.5-flash', 'Google Gemini 2.5 Flash'),
      model('meta-llama/llama-3.3-70b-instruct', 'Meta Llama 3.3 70B Instruct'),
    ],
  },
];

export const defaultProvider: ProviderId = 'openai';

export function findModel(provider: string, modelId: string): ModelEntry | undefined {
  return providerCatalog.find((entry) => entry.id === provider)?.models.find((entry) => entry.id === modelId);
}
