import { lazy, Suspense, useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { NavigationProgress } from '../../components/layout/navigation-progress';
import { restoreInstantScrolling } from '../../lib/smooth-scroll';
import { DeferredToaster } from './deferred-toaster';

/*
 * Loaded beside the first page rather than inside the entry chunk: it brings the session code (and zod) with it,
 * which the entry chunk does not need to start routing. It renders nothing, so nothing waits for it.
 */
const SessionWatch = lazy(async () => ({ default: (await import('../routes/guards')).SessionWatch }));

/** Wraps every layout: scroll handling and the progress bar apply to public pages and the dashboard alike. */
export function RootLayout() {
  const location = useLocation();

  // <ScrollRestoration> scrolls in a layout effect; this passive effect runs after it, once the glide has started.
  useEffect(() => {
    restoreInstantScrolling();
  }, [location]);

  return (
    <>
      <NavigationProgress />
      <Suspense fallback={null}>
        <SessionWatch />
      </Suspense>
      <Outlet />
      <ScrollRestoration />
      <DeferredToaster />
    </>
  );
}
