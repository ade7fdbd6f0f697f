import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import type { Dashboard } from '../api/get-dashboard';

function dayText(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(date);
}

/** Spec section 9: the plan's monthly runs; "Unlimited" when the plan sets no limit. */
export function QuotaCard({ quota }: { quota: Dashboard['quota'] }) {
  const { monthlyRunLimit: limit, runsThisMonth: used } = quota;
  // The period ends at the start of the next month; the last day inside it is one millisecond earlier.
  const lastDay = new Date(Date.parse(quota.periodEnd) - 1).toISOString();

  return (
    <Card aria-labelledby="quota-title">
      <CardHeader titleId="quota-title" title="Monthly quota" description={`${dayText(quota.periodStart)} – ${dayText(lastDay)}`} />
      <CardContent className="flex flex-col gap-3">
        {limit === null ? (
          <>
            <p className="text-2xl font-bold tracking-tight text-slate-900">Unlimited</p>
            <p className="text-sm text-slate-600">
              Your plan has no monthly run limit. {used.toLocaleString()} {used === 1 ? 'run' : 'runs'} this month.
            </p>
          </>
        ) : (
          <>
            <p className="text-sm text-slate-700">
              <span className="text-2xl font-bold tracking-tight text-slate-900">{used.toLocaleString()}</span> of {limit.toLocaleString()} runs used
            </p>
            <div
              role="progressbar"
              aria-label="Monthly runs used"
              aria-valuemin={0}
              aria-valuemax={limit}
              aria-valuenow={Math.min(used, limit)}
              aria-valuetext={`${used.toLocaleString()} of ${limit.toLocaleString()} runs`}
              className="h-2 overflow-hidden rounded-full bg-slate-100"
            >
              <div
                className={used >= limit ? 'h-full rounded-full bg-red-500' : used / limit >= 0.8 ? 'h-full rounded-full bg-amber-500' : 'h-full rounded-full bg-indigo-600'}
                style={{ width: `${limit === 0 ? 100 : Math.min(100, (used / limit) * 100)}%` }}
              />
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
