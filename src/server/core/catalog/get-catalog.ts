import { providerCatalog, type ProviderId } from '#shared/tasks/catalog';
import type { CatalogProvider } from '#shared/tasks/catalog.schema';
import type { Env } from '../../env';

/** OpenAI is always offered (spec section 3); the others once the server has their key. */
export function isProviderEnabled(env: Env, provider: ProviderId): boolean {
  switch (provider) {
    case 'openai':
      return true;
    case 'anthropic':
      return Boolean(env.ANTHROPIC_API_KEY);
    case 'gemini':
      return Boolean(env.GEMINI_API_KEY);
    case 'openrouter':
      return Boolean(env.OPENROUTER_API_KEY);
  }
}

export function getCatalog(env: Env): CatalogProvider[] {
  return providerCatalog.map((provider) => {
    const enabled = isProviderEnabled(env, provider.id);
    return { ...provider, enabled, disabledReason: enabled ? null : 'needs an API key' };
  });
}
