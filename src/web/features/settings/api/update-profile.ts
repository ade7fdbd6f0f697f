import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileInput } from '#shared/auth/auth.schema';
import { meResponseSchema, type MeUser } from '#shared/auth/me.schema';
import { apiClient } from '#web/lib/api-client';
import { meQueryKey } from '#web/lib/auth';

export async function updateProfile(input: ProfileInput): Promise<MeUser> {
  return meResponseSchema.parse(await apiClient.patch('/api/me', input)).user;
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    // The header and the welcome text read the same query, so the new name shows everywhere at once.
    onSuccess: (user) => queryClient.setQueryData(meQueryKey, user),
  });
}
