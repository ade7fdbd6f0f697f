import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { NavigationProgress } from '../../components/layout/navigation-progress';
import { restoreInstantScrolling } from '../../lib/smooth-scroll';

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
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
