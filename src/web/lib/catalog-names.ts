import { findModel, providerCatalog } from '#shared/tasks/catalog';

/** The provider's display name; an id the catalogue no longer lists is shown as it is rather than hidden. */
export function providerName(providerId: string): string {
  return providerCatalog.find((provider) => provider.id === providerId)?.name ?? providerId;
}

export function modelName(providerId: string, modelId: string): string {
  return findModel(providerId, modelId)?.name ?? modelId;
}
