import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unsubscribeResponseSchema, type UnsubscribeResponse } from '#shared/settings/unsubscribe.schema';
import { apiClient } from '#web/lib/api-client';
import { userSettingsQueryKey } from '#web/lib/user-settings';

/**
 * `POST /api/unsubscribe?token=` turns off the switch an e-mail's link names; `/api/unsubscribe/undo` turns it on
 * again. No sign-in: the signed token is the proof. Both are idempotent, so a screen that mounts twice may call twice.
 */
export async function switchNotificationByLink({ token, enabled }: { token: string; enabled: boolean }): Promise<UnsubscribeResponse> {
  const query = new URLSearchParams({ token }).toString();
  return unsubscribeResponseSchema.parse(await apiClient.post(`/api/unsubscribe${enabled ? '/undo' : ''}?${query}`));
}

export function useSwitchNotificationByLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: switchNotificationByLink,
    // A signed-in reader's Settings tab must not show the switch as it was.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userSettingsQueryKey }),
  });
}
