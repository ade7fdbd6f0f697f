import { Card, CardContent } from '#web/components/ui/card';
import { QueryLoadError } from '#web/components/ui/load-error';
import { Skeleton } from '#web/components/ui/skeleton';
import { useAdminOverview } from '../api/get-admin-overview';
import { OverviewCards } from './overview-cards';
import { RecentSignups } from './recent-signups';
import { SystemHealthPanel } from './system-health-panel';
import { UserGrowthChart } from './user-growth-chart';

/** The admin dashboard's figures from `GET /api/admin/overview`: cards, then signups and health, then growth. */
export function AdminOverview() {
  const overview = useAdminOverview();

  if (overview.isPending) return <OverviewSkeleton />;
  if (!overview.data) {
    return <QueryLoadError title="Error loading the overview" query={overview} fallback="The platform figures could not be loaded." />;
  }

  const { cards, recentSignups, systemHealth, userGrowth } = overview.data;
  return (
    <div className="flex flex-col gap-6">
      <OverviewCards figures={cards} />
      <div className="grid gap-6 lg:grid-cols-2">
        <RecentSignups signups={recentSignups} />
        <SystemHealthPanel health={systemHealth} />
      </div>
      <UserGrowthChart months={userGrowth} />
    </div>
  );
}

function OverviewSkeleton() {
  return (
    <div className="flex flex-col gap-6" role="status" aria-live="polite">
      <span className="sr-only">Loading...</span>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {[0, 1, 2, 3].map((index) => (
          <Skeleton key={index} className="h-28 rounded-xl" />
        ))}
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        {[0, 1].map((index) => (
          <Card key={index}>
            <CardContent className="flex flex-col gap-3">
              <Skeleton className="h-5 w-40" />
              <Skeleton className="h-32" />
            </CardContent>
          </Card>
        ))}
      </div>
    </div>
  );
}
