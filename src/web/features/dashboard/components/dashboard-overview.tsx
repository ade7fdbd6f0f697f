import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { ConfirmEmailBanner } from '#web/components/account/confirm-email-notice';
import { ActivityChart } from '#web/components/runs/activity-chart';
import { PageIntro } from '#web/components/layout/page-intro';
import { buttonClassName } from '#web/components/ui/button';
import { QueryLoadError } from '#web/components/ui/load-error';
import { Skeleton } from '#web/components/ui/skeleton';
import { paths } from '#web/config/paths';
import { useAuth } from '#web/lib/auth';
import { useDashboard } from '../api/get-dashboard';
import { ApprovalBanner } from './approval-banner';
import { ActiveTasksCard, ListCardSkeleton, RecentRunsCard } from './dashboard-lists';
import { QuotaCard } from './quota-card';
import { StatCards, StatCardsSkeleton } from './stat-cards';

const loadFailed = 'Failed to load your dashboard. Please try again.';

/** /dashboard: welcome, New Task, the four counts, the 30-day activity, active tasks, the 5 latest runs and the monthly quota. */
/** `planName` comes from the route, which composes the subscription feature; this feature does not import it. */
export function DashboardOverview({ name, planName }: { name: string | undefined; planName?: string }) {
  const dashboard = useDashboard();
  // Whether this is the user's first visit is the API's to tell (GET /api/me), as the server-rendered page reads it.
  const greeting = useAuth().user?.newcomer ? 'Welcome' : 'Welcome back';

  let body;
  if (dashboard.isPending) {
    body = (
      <div aria-busy="true" className="flex flex-col gap-6">
        <div role="status" className="sr-only">
          Loading your dashboard...
        </div>
        <StatCardsSkeleton />
        <Skeleton className="h-64 w-full rounded-xl" />
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
          <ListCardSkeleton title="Active Tasks" />
          <ListCardSkeleton title="Recent Runs" />
        </div>
        <Skeleton className="h-32 w-full rounded-xl" />
      </div>
    );
  } else if (!dashboard.data) {
    body = <QueryLoadError title="Error loading dashboard" query={dashboard} fallback={loadFailed} />;
  } else {
    const { stats, activeTasks, recentRuns, quota, activity, punctuality, awaitingApproval } = dashboard.data;
    body = (
      <div className="flex flex-col gap-6">
        <ApprovalBanner awaiting={awaitingApproval} />
        <StatCards stats={stats} punctuality={punctuality} monthStart={quota.periodStart} />
        <ActivityChart activity={activity} />
        {/* An explicit column: an implicit one grows to a long task name, which then sticks out on a phone. */}
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
          <ActiveTasksCard tasks={activeTasks} />
          <RecentRunsCard runs={recentRuns} />
        </div>
        <QuotaCard quota={quota} planName={planName} />
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-8">
      <PageIntro
        title={name ? `${greeting}, ${name}` : greeting}
        description="Run AI prompts on a schedule and get the results by e-mail, webhook, Slack or Discord."
        action={
          <Link to={paths.dashboardNewTask} className={buttonClassName({ className: 'self-start sm:self-auto' })}>
            <Plus aria-hidden="true" className="size-4" />
            New Task
          </Link>
        }
      />
      <ConfirmEmailBanner />
      {body}
    </div>
  );
}
