import { clsx } from 'clsx';
import { LoadError } from '#web/components/ui/load-error';
import { Spinner } from '#web/components/ui/spinner';
import { useApiReference, type ApiEndpoint } from '../api/get-openapi-document';

const methodTone: Record<string, string> = {
  GET: 'bg-sky-50 text-sky-800 ring-sky-600/20',
  POST: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20',
  PUT: 'bg-amber-50 text-amber-800 ring-amber-600/20',
  PATCH: 'bg-amber-50 text-amber-800 ring-amber-600/20',
  DELETE: 'bg-red-50 text-red-800 ring-red-600/20',
};

/**
 * A shell command that calls `endpoint` with the key in `$PROMPTCRON_KEY`. Path parameters stay as `{id}` inside the
 * double quotes, where the shell leaves braces alone, for the reader to fill in.
 */
export function curlExample(endpoint: Pick<ApiEndpoint, 'method' | 'path' | 'hasBody'>, baseUrl: string): string {
  const lines = [
    `curl${endpoint.method === 'GET' ? '' : ` -X ${endpoint.method}`} "${baseUrl}${endpoint.path}"`,
    '  -H "Authorization: Bearer $PROMPTCRON_KEY"',
    ...(endpoint.hasBody ? ['  -H "Content-Type: application/json"', '  -d @body.json'] : []),
  ];
  return lines.join(' \\\n');
}

/**
 * The server's live OpenAPI document as a list of endpoints per tag: what exists is what this server serves. Routes
 * that accept API keys show a curl example with the scope they need; the others say they take the session only.
 */
export function ApiReference({ baseUrl }: { baseUrl: string }) {
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
              <li key={`${endpoint.method} ${endpoint.path}`} className="flex flex-col gap-2 px-4 py-3">
                <div className="flex flex-col gap-1 sm:flex-row sm:items-baseline sm:gap-4">
                  <code className="flex min-w-0 items-baseline gap-3">
                    <span
                      className={clsx(
                        'inline-block w-16 shrink-0 rounded px-1.5 py-0.5 text-center text-xs font-bold ring-1 ring-inset',
                        methodTone[endpoint.method],
                      )}
                    >
                      {endpoint.method}
                    </span>
                    <span className="text-sm break-all text-slate-900">{endpoint.path}</span>
                  </code>
                  <span className="text-sm text-slate-600 sm:ml-auto sm:text-right">{endpoint.summary}</span>
                </div>
                {endpoint.keyScope ? (
                  <div className="flex flex-col gap-1.5">
                    <p className="text-xs text-slate-600">
                      API key with <strong className="font-semibold text-slate-800">{endpoint.keyScope}</strong> scope
                      {endpoint.keyScope === 'read' ? ' (or write)' : null}, or the browser session:
                    </p>
                    <pre className="overflow-x-auto rounded-lg bg-slate-900 px-3 py-2 font-mono text-xs leading-5 text-slate-100">
                      <code>{curlExample(endpoint, baseUrl)}</code>
                    </pre>
                  </div>
                ) : (
                  <p className="text-xs text-slate-500">
                    {endpoint.isPublic ? 'Public: no sign-in needed.' : 'Browser session only: API keys are not accepted here.'}
                  </p>
                )}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
