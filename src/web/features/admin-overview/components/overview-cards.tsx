import { Activity, ListChecks, Users, Zap, type LucideIcon } from 'lucide-react';
import type { AdminOverview } from '#shared/admin/admin-overview.schema';

const numberFormat = new Intl.NumberFormat('en-US');

type CardSpec = { key: keyof AdminOverview['cards']; title: string; detail: string; icon: LucideIcon };

const cards: CardSpec[] = [
  { key: 'totalUsers', title: 'Total Users', detail: 'All accounts', icon: Users },
  { key: 'activeTasks', title: 'Active Tasks', detail: 'Tasks with status active', icon: ListChecks },
  { key: 'recentRuns', title: 'Recent Task Runs (24h)', detail: 'Task runs in the last 24 hours', icon: Activity },
  // The spec says "task runs this month"; the figure is the last 30 days, so the card says so.
  { key: 'apiUsage', title: 'API Usage', detail: 'Task runs in the last 30 days', icon: Zap },
];

/** The four figure cards: one column on phones, two on tablets, four on wide screens. */
export function OverviewCards({ figures }: { figures: AdminOverview['cards'] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {cards.map(({ key, title, detail, icon: Icon }) => (
        <li key={key} data-card={key} className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <div className="flex items-center justify-between gap-2">
            <h2 className="text-sm font-medium text-slate-600">{title}</h2>
            <Icon aria-hidden="true" className="size-4 text-indigo-600" />
          </div>
          <p className="text-2xl font-bold text-slate-900">{numberFormat.format(figures[key])}</p>
          <p className="text-xs text-slate-500">{detail}</p>
        </li>
      ))}
    </ul>
  );
}
