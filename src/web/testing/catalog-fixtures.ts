import { providerCatalog, type ProviderId } from '#shared/tasks/catalog';

/** A `GET /api/catalog` answer in which only the `enabled` providers have an API key (OpenAI alone by default). */
export function catalogBody({ enabled = ['openai'] }: { enabled?: ProviderId[] } = {}) {
  return {
    providers: providerCatalog.map((provider) => {
      const isEnabled = enabled.includes(provider.id);
      return { ...provider, enabled: isEnabled, disabledReason: isEnabled ? null : 'needs an API key' };
    }),
  };
}
