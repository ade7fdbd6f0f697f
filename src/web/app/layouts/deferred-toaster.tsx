import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { useAuth } from '../../lib/auth';

const Toaster = lazy(async () => ({ default: (await import('sonner')).Toaster }));

/**
 * Sonner's toaster, kept off the landing page for visitors, who never see a toast there, because that page must
 * stay light: it loads with the first other page, or at once for a signed-in user (who can log out from the landing
 * page's account menu), and then stays. Nothing is lost by mounting late: sonner keeps toasts raised before its toaster
 * exists in a module-wide store and shows them once it mounts.
 */
export function DeferredToaster() {
  const { pathname } = useLocation();
  const signedIn = useAuth().status === 'signed-in';
  const [needed, setNeeded] = useState(false);
  if (!needed && (pathname !== paths.home || signedIn)) setNeeded(true);
  if (!needed) return null;

  return (
    <Suspense fallback={null}>
      {/*
       * The spec shows at most one notification at a time. At the bottom: at the top a toast covered the header and,
       * on a phone, its menu button. On the left: at the right it covered the row actions of every table (Actions is
       * the last column), at the moment a row's action had just raised it. Below 600 px sonner spans it across the
       * bottom either way.
       */}
      <Toaster visibleToasts={1} position="bottom-left" closeButton />
    </Suspense>
  );
}
