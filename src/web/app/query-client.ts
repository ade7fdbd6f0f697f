import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { endSessionOnUnauthorized } from '../lib/session-end';

export function createQueryClient({ retry = 1 }: { retry?: number | false } = {}): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    // Any call refused for want of a session, query or mutation, ends the signed-in app (lib/session-end.ts).
    queryCache: new QueryCache({ onError: (error) => endSessionOnUnauthorized(queryClient, error) }),
    mutationCache: new MutationCache({ onError: (error) => endSessionOnUnauthorized(queryClient, error) }),
    defaultOptions: {
      queries: {
        // The spec's query retry count.
        retry,
        // Moving between pages remounts the same queries; within half a minute the cached answer is good enough.
        staleTime: 30_000,
        refetchOnWindowFocus: false,
      },
    },
  });
  return queryClient;
}
