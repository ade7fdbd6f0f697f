import { ListTodo, Users } from 'lucide-react';
import { LinkCards, type LinkCard } from '#web/components/link-cards';
import { paths } from '#web/config/paths';
import { AdminOverview } from '#web/features/admin-overview/components/admin-overview';

const sections: LinkCard[] = [
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
        <LinkCards cards={sections} />
      </nav>
    </div>
  );
}
