import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';
import { Button } from './button';

type LoadMoreButtonProps = {
  /** The list's infinite query; the button shows only while the server has another page. */
  pages: Pick<UseInfiniteQueryResult, 'hasNextPage' | 'isFetchingNextPage' | 'isFetchNextPageError' | 'fetchNextPage'>;
  className?: string;
};

/**
 * "Load more" under a list the server pages. While the next page loads it stays focusable (busy, not disabled), so a
 * keyboard user's focus is not dropped on the page; after a failed page it offers Retry.
 */
export function LoadMoreButton({ pages, className }: LoadMoreButtonProps) {
  if (!pages.hasNextPage) return null;
  const loading = pages.isFetchingNextPage;
  return (
    <Button
      variant="secondary"
      className={className}
      onClick={() => (loading ? undefined : void pages.fetchNextPage())}
      aria-busy={loading || undefined}
    >
      {loading ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" /> : null}
      {loading ? 'Loading more...' : pages.isFetchNextPageError ? 'Retry' : 'Load more'}
    </Button>
  );
}
