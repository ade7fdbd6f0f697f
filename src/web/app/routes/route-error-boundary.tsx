import { RotateCw } from 'lucide-react';
import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '../../components/ui/button';
import { paths } from '../../config/paths';
import { formatDocumentTitle, useDocumentTitle } from '../../lib/use-document-title';

/**
 * Last line of defence for errors thrown while rendering or loading a route. The usual cause in production is a
 * page chunk that vanished with a new deployment, which a reload fixes.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  useDocumentTitle(formatDocumentTitle('Something went wrong'));
  useEffect(() => {
    // The boundary swallows the error; without this the cause would be invisible while developing.
    if (import.meta.env.DEV) console.error(error);
  }, [error]);

  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : undefined;

  return (
    <div className="grid min-h-dvh place-items-center bg-white px-4">
      <div role="alert" className="flex max-w-md flex-col items-center text-center">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Something went wrong</h1>
        <p className="mt-3 text-slate-600">The page could not be shown. Reloading usually helps.</p>
        {detail ? <p className="mt-2 font-mono text-sm text-slate-500">{detail}</p> : null}
        <div className="mt-8 flex gap-3">
          <Button onClick={() => window.location.reload()}>
            <RotateCw aria-hidden="true" className="size-4" />
            Reload
          </Button>
          {/* A full page load, not a router link: the router is what failed. */}
          <a
            href={paths.home}
            className="inline-flex h-10 items-center rounded-lg px-4 text-sm font-semibold text-indigo-700 hover:bg-indigo-50"
          >
            Return to Home
          </a>
        </div>
      </div>
    </div>
  );
}
