import { clsx } from 'clsx';
import { ArrowLeft } from 'lucide-react';
import type { MouseEventHandler } from 'react';
import { Link, NavLink } from 'react-router';
import { paths } from '../../config/paths';
import { adminSidebarItems, dashboardSidebarItems, type DashboardArea } from './dashboard-nav-items';

const linkClassName =
  'flex h-10 items-center gap-3 rounded-lg px-3 text-sm font-medium text-slate-700 transition-colors hover:bg-slate-100 hover:text-slate-900';

type DashboardSidebarNavProps = {
  area: DashboardArea;
  /** Called for clicks inside the list, so the mobile sheet can close as soon as a link is chosen. */
  onClick?: MouseEventHandler<HTMLElement>;
};

/** The section links of the dashboard or the admin area; the current page is marked with aria-current. */
export function DashboardSidebarNav({ area, onClick }: DashboardSidebarNavProps) {
  const items = area === 'admin' ? adminSidebarItems : dashboardSidebarItems;
  const heading = area === 'admin' ? 'Admin' : 'Dashboard';

  return (
    <nav aria-label={heading} className="flex flex-col gap-6 p-4" onClick={onClick}>
      <div>
        <p aria-hidden="true" className="px-3 text-xs font-semibold tracking-wider text-slate-500 uppercase">
          {heading}
        </p>
        <ul className="mt-2 flex flex-col gap-1">
          {items.map(({ label, to, icon: Icon, end }) => (
            <li key={to}>
              <NavLink
                to={to}
                end={end}
                className={({ isActive }) =>
                  clsx(linkClassName, isActive && 'bg-indigo-50 text-indigo-700 hover:bg-indigo-50 hover:text-indigo-700')
                }
              >
                {({ isActive }) => (
                  <>
                    <Icon aria-hidden="true" className={clsx('size-4.5 shrink-0', isActive ? 'text-indigo-600' : 'text-slate-400')} />
                    {label}
                  </>
                )}
              </NavLink>
            </li>
          ))}
        </ul>
      </div>
      {area === 'admin' ? (
        <div className="border-t border-slate-200 pt-4">
          <Link to={paths.dashboard} className={linkClassName}>
            <ArrowLeft aria-hidden="true" className="size-4.5 shrink-0 text-slate-400" />
            Back to Dashboard
          </Link>
        </div>
      ) : null}
    </nav>
  );
}
