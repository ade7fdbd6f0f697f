import { queryOptions, useQuery } from '@tanstack/react-query';
import { userSettingsSchema, type UserSettings } from '#shared/settings/user-settings.schema';
import { apiClient } from './api-client';

/*
 * Lives in lib rather than in the settings feature because more than one feature reads it: the settings tabs edit it,
 * and the task form starts new tasks from the saved default schedule.
 */

export const userSettingsQueryKey = ['user-settings'] as const;

export async function getUserSettings({ signal }: { signal?: AbortSignal } = {}): Promise<UserSettings> {
  return userSettingsSchema.parse(await apiClient.get('/api/me/settings', { signal }));
}

export function userSettingsQueryOptions() {
  return queryOptions({ queryKey: userSettingsQueryKey, queryFn: ({ signal }) => getUserSettings({ signal }) });
}

/** Notification preferences and the default schedule; both settings tabs and the new-task form read this one query. */
export function useUserSettings() {
  return useQuery(userSettingsQueryOptions());
}
