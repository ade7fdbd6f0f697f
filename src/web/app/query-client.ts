import { QueryClient } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // The spec's query retry count.
        retry: 1,
        // Moving between pages remounts the same queries; within half a minute the cached answer is good enough.
        staleTime: 30_000,
        refetchOnWindowFocus: false,
      },
    },
  });
}
