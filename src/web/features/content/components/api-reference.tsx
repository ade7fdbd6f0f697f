import { clsx } from 'clsx';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { useApiReference } from '../api/get-openapi-document';

const methodTone: Record<string, string> = {
  GET: 'bg-sky-50 text-sky-800 ring-sky-600/20',
  POST: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20',
  PUT: 'bg-amber-50 text-amber-800 ring-amber-600/20',
  PATCH: 'bg-amber-50 text-amber-800 ring-amber-600/20',
  DELETE: 'bg-red-50 text-red-800 ring-red-600/20',
};

/** The server's live OpenAPI document as a list of endpoints per tag: what exists is what this server serves. */
export function ApiReference() {
  const reference = useApiReference();

  if (reference.isPending) return <Spinner className="py-10" label="Loading the API reference..." />;
  if (reference.isError) {
    return (
      <LoadError
        title="Could not load the API reference"
        message={reference.error.message}
        onRetry={() => void reference.refetch()}
        retrying={reference.isFetching}
      />
    );
  }

  return (
    <div className="flex flex-col gap-10">
      <p className="text-sm text-slate-600">
        {reference.data.title}, version {reference.data.version}
        {reference.data.description ? `: ${reference.data.description}` : null}
      </p>
      {reference.data.groups.map((group) => (
        <section key={group.tag} aria-labelledby={`api-${group.tag}`}>
          <h2 id={`api-${group.tag}`} className="text-xl font-bold text-slate-900">
            {group.tag}
          </h2>
          <ul className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
            {group.endpoints.map((endpoint) => (
              <li key={`${endpoint.method} ${endpoint.path}`} className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-baseline sm:gap-4">
                <code className="flex min-w-0 items-baseline gap-3">
                  <span className={clsx('inline-block w-16 shrink-0 rounded px-1.5 py-0.5 text-center text-xs font-bold ring-1 ring-inset', methodTone[endpoint.method])}>
                    {endpoint.method}
                  </span>
                  <span className="text-sm break-all text-slate-900">{endpoint.path}</span>
                </code>
                <span className="text-sm text-slate-600 sm:ml-auto sm:text-right">{endpoint.summary}</span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
