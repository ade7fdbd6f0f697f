import { ListTodo, Users } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '#web/config/paths';
import { AdminOverview } from '#web/features/admin-overview/components/admin-overview';

const sections = [
  { to: paths.adminUsers, title: 'Users', description: 'Manage all user accounts', icon: Users },
  { to: paths.adminTasks, title: 'All Tasks', description: 'Monitor and manage all user tasks across the platform', icon: ListTodo },
];

/**
 * The admin area's start page; the layout's title bar reads "Admin Dashboard". The platform figures (issue 17) come
 * first; the admin pages stay one click away below them, also while the figures load or fail.
 */
export function AdminOverviewRoute() {
  return (
    <div className="flex flex-col gap-6">
      <p className="text-slate-600">Manage user accounts and monitor tasks across the platform.</p>
      <AdminOverview />
      <nav aria-label="Admin pages">
        <ul className="grid gap-4 sm:grid-cols-2">
          {sections.map(({ to, title, description, icon: Icon }) => (
            <li key={to}>
              <Link
                to={to}
                className="flex h-full items-start gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-indigo-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
              >
                <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-indigo-600" />
                <span className="flex flex-col gap-1">
                  <span className="font-semibold text-slate-900">{title}</span>
                  <span className="text-sm text-slate-600">{description}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
