import { LogOut } from 'lucide-react';
import { Outlet, useLocation } from 'react-router';
import { dashboardAreaOf, dashboardPageTitle } from '../../components/layout/dashboard-nav-items';
import { DashboardSidebarNav } from '../../components/layout/dashboard-sidebar';
import { PublicHeader } from '../../components/layout/public-header';
import { SkipLink } from '../../components/layout/skip-link';
import { Button } from '../../components/ui/button';
import { WorkspaceSwitcher } from '../../features/workspaces/components/workspace-switcher';
import { formatDocumentTitle, useDocumentTitle } from '../../lib/use-document-title';
import { useLogout } from '../../lib/use-logout';
import { useLiveRunStatus } from '../live-run-status';
import { CommandMenuLauncher } from './command-menu-launcher';

const mainId = 'main-content';

/**
 * The signed-in app shell shared by /dashboard and /admin: the site header across the top, the section sidebar on
 * the left (on phones, inside the header's menu: one menu button), and a bar with the page title and Log Out above
 * the page.
 */
export function DashboardLayout() {
  const { pathname } = useLocation();
  const area = dashboardAreaOf(pathname);
  const title = dashboardPageTitle(pathname);
  useDocumentTitle(formatDocumentTitle(title));
  // Runs start and finish in the background; every dashboard page shows their status as it changes.
  useLiveRunStatus();

  const { logout, isPending: loggingOut } = useLogout();

  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <SkipLink targetId={mainId} />
      <PublicHeader fullWidth mobileSections={<DashboardSidebarNav area={area} />} workspaceSwitcher={<WorkspaceSwitcher />} />
      <div className="flex flex-1">
        {/* Sticks below the header and its 1 px border (65 px): at 64 px the "Dashboard" label slid under it. */}
        <aside className="sticky top-[calc(4rem+1px)] hidden h-[calc(100dvh-4rem-1px)] w-64 shrink-0 overflow-y-auto border-r border-slate-200 bg-white md:block">
          <DashboardSidebarNav area={area} />
        </aside>

        <div className="flex min-w-0 flex-1 flex-col">
          <div className="border-b border-slate-200 bg-white px-4 sm:px-6 lg:px-8">
            {/* The same column as the page below, so the title lines up with the content. */}
            <div className="mx-auto flex h-16 w-full max-w-5xl items-center gap-3">
              <h1 className="min-w-0 flex-1 truncate text-lg font-semibold tracking-tight text-slate-900 sm:text-xl">{title}</h1>
              <CommandMenuLauncher />
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
    </div>
  );
}
