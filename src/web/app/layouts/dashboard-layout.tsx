import { LogOut, PanelLeft } from 'lucide-react';
import { useRef, type MouseEvent } from 'react';
import { Outlet, useLocation } from 'react-router';
import { dashboardAreaOf, dashboardPageTitle } from '../../components/layout/dashboard-nav-items';
import { DashboardSidebarNav } from '../../components/layout/dashboard-sidebar';
import { PublicHeader } from '../../components/layout/public-header';
import { SkipLink } from '../../components/layout/skip-link';
import { useDrawerState } from '../../components/layout/use-drawer-state';
import { Button } from '../../components/ui/button';
import { Sheet } from '../../components/ui/sheet';
import { formatDocumentTitle, useDocumentTitle } from '../../lib/use-document-title';
import { useLogout } from '../../lib/use-logout';
import { useLiveRunStatus } from '../live-run-status';

const mainId = 'main-content';
// Tailwind's md breakpoint: from there on the sidebar is always visible.
const desktopQuery = '(min-width: 48rem)';

/**
 * The signed-in app shell shared by /dashboard and /admin: the site header across the top, the section sidebar on
 * the left (a slide-out sheet on phones), and a bar with the page title and Log Out above the page.
 */
export function DashboardLayout() {
  const { pathname } = useLocation();
  const area = dashboardAreaOf(pathname);
  const title = dashboardPageTitle(pathname);
  useDocumentTitle(formatDocumentTitle(title));
  // Runs start and finish in the background; every dashboard page shows their status as it changes.
  useLiveRunStatus();

  const { logout, isPending: loggingOut } = useLogout();
  const sidebarTriggerRef = useRef<HTMLButtonElement>(null);
  const sidebar = useDrawerState(desktopQuery);

  // Close at the click rather than at the commit, so a page still loading its code does not keep the sheet up.
  const closeOnLinkClick = (event: MouseEvent<HTMLElement>) => {
    if (event.target instanceof Element && event.target.closest('a')) sidebar.setOpen(false);
  };

  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <SkipLink targetId={mainId} />
      <PublicHeader fullWidth />
      <div className="flex flex-1">
        <aside className="sticky top-16 hidden h-[calc(100dvh-4rem)] w-64 shrink-0 overflow-y-auto border-r border-slate-200 bg-white md:block">
          <DashboardSidebarNav area={area} />
        </aside>

        <div className="flex min-w-0 flex-1 flex-col">
          <div className="border-b border-slate-200 bg-white px-4 sm:px-6 lg:px-8">
            {/* The same column as the page below, so the title lines up with the content. */}
            <div className="mx-auto flex h-16 w-full max-w-5xl items-center gap-3">
              <button
                ref={sidebarTriggerRef}
                type="button"
                aria-label="Open sidebar"
                aria-haspopup="dialog"
                aria-expanded={sidebar.open}
                onClick={() => sidebar.setOpen(true)}
                className="-ml-2 inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900 md:hidden"
              >
                <PanelLeft aria-hidden="true" className="size-5" />
              </button>
              <h1 className="min-w-0 flex-1 truncate text-lg font-semibold tracking-tight text-slate-900 sm:text-xl">{title}</h1>
              <Button variant="ghost" size="sm" onClick={logout} disabled={loggingOut} className="-mr-2">
                <LogOut aria-hidden="true" className="size-4" />
                {loggingOut ? 'Logging out...' : 'Log Out'}
              </Button>
            </div>
          </div>

          <main id={mainId} tabIndex={-1} className="flex-1 px-4 py-6 outline-none sm:px-6 sm:py-8 lg:px-8">
            <div className="mx-auto w-full max-w-5xl">
              <Outlet />
            </div>
          </main>
        </div>
      </div>

      <Sheet
        open={sidebar.open}
        onOpenChange={sidebar.setOpen}
        title={area === 'admin' ? 'Admin menu' : 'Dashboard menu'}
        closeLabel="Close sidebar"
        returnFocusRef={sidebarTriggerRef}
      >
        <DashboardSidebarNav area={area} onClick={closeOnLinkClick} />
      </Sheet>
    </div>
  );
}
