import {
  CreditCard,
  History,
  LayoutDashboard,
  ListChecks,
  ListTodo,
  ScrollText,
  Settings,
  Tags,
  Users,
  UsersRound,
  type LucideIcon,
} from 'lucide-react';
import { paths } from '../../config/paths';

export type DashboardArea = 'dashboard' | 'admin';

export type SidebarItem = {
  label: string;
  to: string;
  icon: LucideIcon;
  /** Active only on this exact path; overview links would otherwise stay lit on every page below them. */
  end?: boolean;
};

export const dashboardSidebarItems: SidebarItem[] = [
  { label: 'Overview', to: paths.dashboard, icon: LayoutDashboard, end: true },
  { label: 'Tasks', to: paths.dashboardTasks, icon: ListChecks },
  { label: 'History', to: paths.dashboardHistory, icon: History },
  { label: 'Subscription', to: paths.dashboardSubscription, icon: CreditCard },
  { label: 'Settings', to: paths.dashboardSettings, icon: Settings },
];

export const adminSidebarItems: SidebarItem[] = [
  { label: 'Overview', to: paths.admin, icon: LayoutDashboard, end: true },
  { label: 'Users', to: paths.adminUsers, icon: Users },
  { label: 'Workspaces', to: paths.adminWorkspaces, icon: UsersRound },
  { label: 'All Tasks', to: paths.adminTasks, icon: ListTodo },
  { label: 'Plans', to: paths.adminPlans, icon: Tags },
  { label: 'Audit Log', to: paths.adminAudit, icon: ScrollText },
  { label: 'Settings', to: paths.adminSettings, icon: Settings },
];

/** Spec section 2: the shared layout shows the admin links when the path contains /admin. */
export function dashboardAreaOf(pathname: string): DashboardArea {
  return pathname.split('/').includes('admin') ? 'admin' : 'dashboard';
}

// Longest prefix first, so /dashboard/tasks/new is "Tasks" and not the overview's title.
const pageTitles: [prefix: string, title: string][] = [
  [paths.adminSettings, 'Settings'],
  [paths.adminUsers, 'Users'],
  [paths.adminWorkspaces, 'Workspaces'],
  [paths.adminTasks, 'All Tasks'],
  [paths.adminPlans, 'Plans'],
  [paths.adminAudit, 'Audit Log'],
  [paths.admin, 'Admin Dashboard'],
  [paths.dashboardTasks, 'Tasks'],
  [paths.dashboardHistory, 'History'],
  [paths.dashboardSubscription, 'Subscription'],
  [paths.dashboardSettings, 'Settings'],
  [paths.dashboard, 'Dashboard'],
];

/** The title the layout's top bar (and the browser tab) shows for a path in the dashboard or admin area. */
export function dashboardPageTitle(pathname: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const match = pageTitles.find(([prefix]) => path === prefix || path.startsWith(`${prefix}/`));
  if (match) return match[1];
  return dashboardAreaOf(path) === 'admin' ? 'Admin Dashboard' : 'Dashboard';
}
