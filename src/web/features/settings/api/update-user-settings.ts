import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userSettingsSchema, type UserSettings } from '#shared/settings/user-settings.schema';
import { apiClient } from '#web/lib/api-client';
import { refreshAccountZone } from '#web/lib/auth';
import { userSettingsQueryKey } from '#web/lib/user-settings';

/** `PUT /api/me/settings` replaces the whole object, so callers send both sections, the untouched one as loaded. */
export async function updateUserSettings(settings: UserSettings): Promise<UserSettings> {
  return userSettingsSchema.parse(await apiClient.put('/api/me/settings', settings));
}

export function useUpdateUserSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserSettings,
    // The answer is what was stored; the other tab then starts from it without another request.
    onSuccess: (saved) => {
      queryClient.setQueryData(userSettingsQueryKey, saved);
      refreshAccountZone(queryClient);
    },
  });
}
