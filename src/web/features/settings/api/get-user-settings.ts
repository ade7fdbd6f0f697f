import { queryOptions, useQuery } from '@tanstack/react-query';
import { userSettingsSchema, type UserSettings } from '../../../../shared/settings/user-settings.schema';
import { apiClient } from '../../../lib/api-client';

export const userSettingsQueryKey = ['user-settings'] as const;

export async function getUserSettings({ signal }: { signal?: AbortSignal } = {}): Promise<UserSettings> {
  return userSettingsSchema.parse(await apiClient.get('/api/me/settings', { signal }));
}

export function userSettingsQueryOptions() {
  return queryOptions({ queryKey: userSettingsQueryKey, queryFn: ({ signal }) => getUserSettings({ signal }) });
}

/** Notification preferences and the default schedule; both settings tabs read this one query. */
export function useUserSettings() {
  return useQuery(userSettingsQueryOptions());
}
