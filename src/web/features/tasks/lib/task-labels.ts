import { findModel, providerCatalog } from '../../../../shared/tasks/catalog';

/** The provider's display name; an id the catalogue no longer lists is shown as it is rather than hidden. */
export function providerName(providerId: string): string {
  return providerCatalog.find((provider) => provider.id === providerId)?.name ?? providerId;
}

export function modelName(providerId: string, modelId: string): string {
  return findModel(providerId, modelId)?.name ?? modelId;
}

/**
 * A moment in the reader's own zone (or `timeZone`), with the zone's short name ("Mar 4, 2026, 9:00 AM GMT+1"), so
 * nobody has to wonder whether it is UTC or the task's zone.
 */
export function formatLocalDateTime(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(undefined, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
    timeZone,
  }).format(date);
}
