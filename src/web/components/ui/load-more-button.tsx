import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';
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

/** Under a paged list: how much of it is shown (announced as it grows), and "Load more" while there is more. */
export function PagedListFooter({ pages, children }: { pages: LoadMoreButtonProps['pages']; children: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 sm:flex-row sm:justify-between">
      <p aria-live="polite" className="text-sm text-slate-600">
        {children}
      </p>
      <LoadMoreButton pages={pages} />
    </div>
  );
}
