import type { ProviderId } from '#shared/tasks/catalog';
import type { Env } from '../env';
import type { AiProvider } from './ai-provider';
import { anthropicProvider } from './anthropic-provider';
import { openAiCompatibleProvider } from './openai-provider';

/** The adapters this server can use, by provider id; built once per process from the configuration. */
export function createProviders(env: Env): Record<ProviderId, AiProvider> {
  return {
    openai: openAiCompatibleProvider({
      label: 'OpenAI',
      apiKey: env.OPENAI_API_KEY,
      apiKeyVariable: 'OPENAI_API_KEY',
      baseURL: env.OPENAI_BASE_URL,
      api: 'responses',
    }),
    anthropic: anthropicProvider({ apiKey: env.ANTHROPIC_API_KEY, baseURL: env.ANTHROPIC_BASE_URL }),
    gemini: openAiCompatibleProvider({
      label: 'Google Gemini',
      apiKey: env.GEMINI_API_KEY,
      apiKeyVariable: 'GEMINI_API_KEY',
      baseURL: 'https://generativelanguage.googleapis.com/v1beta/openai/',
      api: 'chat',
    }),
    openrouter: openAiCompatibleProvider({
      label: 'OpenRouter',
      apiKey: env.OPENROUTER_API_KEY,
      apiKeyVariable: 'OPENROUTER_API_KEY',
      baseURL: 'https://openrouter.ai/api/v1',
      api: 'chat',
    }),
  };
}
