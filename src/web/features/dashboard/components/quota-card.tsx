import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { TitledCard } from '#web/components/ui/card';
import { paths } from '#web/config/paths';
import { formatInstant } from '#web/lib/date-time';
import type { Dashboard } from '../api/get-dashboard';
import { formatCount } from '#web/lib/numbers';

/** The period's days are UTC calendar days: the range names the plan's month. */
const dayText = (iso: string) => formatInstant(iso, 'monthDay', { timeZone: 'UTC' });

type QuotaCardProps = {
  quota: Dashboard['quota'];
  /** The current plan's name, when the page that composes this card knows it. */
  planName?: string;
};

/** The plan's monthly runs against its limit, with the day the count resets; "Unlimited" only when the plan sets none. */
export function QuotaCard({ quota, planName }: QuotaCardProps) {
  const { monthlyRunLimit: limit, runsThisMonth: used } = quota;
  // The period ends at the start of the next month; the last day inside it is one millisecond earlier.
  const lastDay = new Date(Date.parse(quota.periodEnd) - 1).toISOString();
  const range = `${dayText(quota.periodStart)} – ${dayText(lastDay)}`;

  return (
    <TitledCard title="Monthly quota" description={planName ? `${planName} plan · ${range}` : range} contentClassName="flex flex-col gap-3">
      {limit === null ? (
        <>
          <p className="text-2xl font-bold tracking-tight text-slate-900">Unlimited runs this month</p>
          <p className="text-sm text-slate-600">
            {formatCount(used)} {used === 1 ? 'run' : 'runs'} so far; your plan has no monthly limit.
          </p>
        </>
      ) : (
        <>
          <p className="text-sm text-slate-700">
            <span className="text-2xl font-bold tracking-tight text-slate-900">{formatCount(used)}</span> of {formatCount(limit)} runs this
            month
          </p>
          <div
            role="progressbar"
            aria-label="Monthly runs used"
            aria-valuemin={0}
            aria-valuemax={limit}
            aria-valuenow={Math.min(used, limit)}
            aria-valuetext={`${formatCount(used)} of ${formatCount(limit)} runs`}
            className="h-2 overflow-hidden rounded-full bg-slate-100"
          >
            <div
              className={
                used >= limit
                  ? 'h-full rounded-full bg-red-500'
                  : used / limit >= 0.8
                    ? 'h-full rounded-full bg-amber-500'
                    : 'h-full rounded-full bg-indigo-600'
              }
              style={{ width: `${limit === 0 ? 100 : Math.min(100, (used / limit) * 100)}%` }}
            />
          </div>
          {/* The moment, in the reader's zone as the page's other times: "the 1st" is another hour there (ADR 0110). */}
          <p className="text-sm text-slate-600">Resets on {formatInstant(quota.periodEnd, 'monthDayTime')}</p>
        </>
      )}
      <Link
        to={paths.dashboardSubscription}
        className="inline-flex items-center gap-1 self-start rounded text-sm font-semibold text-indigo-600 hover:text-indigo-700"
      >
        View plans
        <ArrowRight aria-hidden="true" className="size-4" />
      </Link>
    </TitledCard>
  );
}
