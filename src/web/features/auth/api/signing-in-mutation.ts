import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meQueryKey } from '#web/lib/auth';

/**
 * A request that signs someone in: with e-mail and password, with a new account or with an invitation. The mutation
 * stays pending until the user is loaded, so the button stays busy until the app knows who signed in.
 */
export function useSigningInMutation<Input>(mutationFn: (input: Input) => Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }) });
}
