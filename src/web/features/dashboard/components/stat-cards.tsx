import { Activity, CalendarRange, CircleCheck, Coins, Gauge, Timer, type LucideIcon } from 'lucide-react';
import { formatCostUsd, formatTokens } from '#shared/runs/format-cost';
import { formatDuration } from '#shared/runs/format-duration';
import { Skeleton } from '#web/components/ui/skeleton';
import { formatInstant } from '#web/lib/date-time';
import type { Dashboard } from '../api/get-dashboard';
import { formatCount } from '#web/lib/numbers';

type Stat = { label: string; value: string; hint: string; icon: LucideIcon };

/** One decimal at most: "97.5%", "100%"; a dash without a figure. */
const percentText = (share: number | null) => (share === null ? '—' : `${Math.round(share * 10) / 10}%`);

/** Beside the month's runs: how many of the scheduled ones began within a second of their slot (issue 40). */
function onTimeStat({ onTimeShare, p99LatenessMs }: Dashboard['punctuality']): Stat {
  return {
    label: 'On Time',
    value: percentText(onTimeShare),
    hint: p99LatenessMs === null ? 'No scheduled runs this month' : `p99 lateness ${formatDuration(Math.max(0, p99LatenessMs))} this month`,
    icon: Timer,
  };
}

/**
 * The plan's month is a UTC calendar month (its limit counts so, as do the month's tokens and punctuality), while the
 * page beside it, its chart included, is in the reader's zone: so the month's start is written in that zone, with its
 * short name, rather than as "the 1st (UTC)" for the reader to convert (ADR 0110).
 */
const monthStartText = (monthStart: string) => `Since ${formatInstant(monthStart, 'monthDayTime')}`;

function statsOf(
  { activeTasks, runsCompleted, successRate, runsThisMonth, tokensThisMonth, costUsdThisMonth }: Dashboard['stats'],
  punctuality: Dashboard['punctuality'],
  monthStart: string,
): Stat[] {
  return [
    { label: 'Active Tasks', value: formatCount(activeTasks), hint: 'Running on their schedules', icon: Activity },
    { label: 'Runs Completed', value: formatCount(runsCompleted), hint: 'Since you started', icon: CircleCheck },
    {
      label: 'Success Rate',
      value: percentText(successRate),
      hint: successRate === null ? 'No finished runs yet' : 'Of finished runs',
      icon: Gauge,
    },
    { label: 'Runs This Month', value: formatCount(runsThisMonth), hint: monthStartText(monthStart), icon: CalendarRange },
    onTimeStat(punctuality),
    {
      label: 'Tokens This Month',
      value: formatTokens(tokensThisMonth),
      hint: `${formatCostUsd(costUsdThisMonth)} estimated cost`,
      icon: Coins,
    },
  ];
}

// Six cards: three a row on a laptop, where six would squeeze the labels, and one row on a wide screen.
const gridClassName = 'grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 xl:grid-cols-6';

type StatCardsProps = {
  stats: Dashboard['stats'];
  punctuality: Dashboard['punctuality'];
  /** The first instant of the month the month's figures count (`quota.periodStart`). */
  monthStart: string;
};

export function StatCards({ stats, punctuality, monthStart }: StatCardsProps) {
  return (
    <ul aria-label="Statistics" className={gridClassName}>
      {statsOf(stats, punctuality, monthStart).map(({ label, value, hint, icon: Icon }) => (
        <li key={label} className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
          <div className="flex items-center justify-between gap-2">
            <span className="text-sm font-medium text-slate-600">{label}</span>
            <Icon aria-hidden="true" className="size-4 shrink-0 text-indigo-500" />
          </div>
          <span data-stat={label} className="text-2xl font-bold tracking-tight text-slate-900">
            {value}
          </span>
          <span className="text-xs text-slate-500">{hint}</span>
        </li>
      ))}
    </ul>
  );
}

export function StatCardsSkeleton() {
  return (
    <div aria-hidden="true" className={gridClassName}>
      {[0, 1, 2, 3, 4, 5].map((index) => (
        <div key={index} className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-7 w-16" />
          <Skeleton className="h-3 w-28" />
        </div>
      ))}
    </div>
  );
}
