import { CircleAlert, RotateCw } from 'lucide-react';
import { errorMessage } from '#web/lib/form-errors';
import { Button } from './button';

type LoadErrorProps = {
  title: string;
  message: string;
  onRetry: () => void;
  retrying?: boolean;
};

/** What a panel shows instead of its content when loading failed: the reason and a way to try again. */
export function LoadError({ title, message, onRetry, retrying = false }: LoadErrorProps) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 rounded-xl border border-red-200 bg-red-50/60 px-6 py-10 text-center">
      <CircleAlert aria-hidden="true" className="size-8 text-red-500" />
      <div className="flex flex-col gap-1">
        <p className="font-semibold text-slate-900">{title}</p>
        <p className="text-sm text-slate-600">{message}</p>
      </div>
      <Button variant="secondary" onClick={onRetry} disabled={retrying} className="mt-2">
        <RotateCw aria-hidden="true" className={retrying ? 'size-4 animate-spin motion-reduce:animate-none' : 'size-4'} />
        {retrying ? 'Retrying...' : 'Retry'}
      </Button>
    </div>
  );
}

/** The part of a query (plain or infinite) its load error needs. */
type FailedQuery = { error: unknown; refetch: () => unknown; isFetching: boolean };

/** LoadError for a failed query: the server's message, else `fallback`; Retry fetches it again. */
export function QueryLoadError({ title, query, fallback }: { title: string; query: FailedQuery; fallback: string }) {
  return (
    <LoadError
      title={title}
      message={errorMessage(query.error, fallback)}
      onRetry={() => void query.refetch()}
      retrying={query.isFetching}
    />
  );
}
