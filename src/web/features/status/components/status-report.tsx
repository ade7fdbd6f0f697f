import { QueryLoadError } from '#web/components/ui/load-error';
import { Skeleton } from '#web/components/ui/skeleton';
import type { ReactNode } from 'react';
import { formatCount } from '#web/lib/numbers';
import { useServiceStatus } from '../api/get-status';
import { CurrentState } from './current-state';
import { DailyFiguresTable } from './daily-figures-table';
import { DayBars } from './day-bars';
import { IncidentList } from './incident-list';
import { formatMs, formatShare, latenessColor, shareColor, totalsOf } from './status-text';

/** The public status page's body (issue 40): the state now, 90 days of punctuality and deliveries, and the incidents. */
export function StatusReport() {
  const status = useServiceStatus();

  return status.isPending ? (
    <div aria-busy="true" className="flex flex-col gap-4">
      <span className="sr-only">Loading the status...</span>
      <Skeleton className="h-40 w-full rounded-2xl" />
      <Skeleton className="h-28 w-full rounded-2xl" />
      <Skeleton className="h-28 w-full rounded-2xl" />
    </div>
  ) : status.isError ? (
    <QueryLoadError title="Error loading the status" query={status} fallback="The status could not be loaded. Please try again." />
  ) : (
    <StatusSections status={status.data} />
  );
}

/** A titled block, as the public content pages have. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = `status-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-heading`;
  return (
    <section aria-labelledby={headingId} className="mt-12 first:mt-0">
      <h2 id={headingId} className="text-2xl font-bold tracking-tight text-slate-900">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

function StatusSections({ status }: { status: NonNullable<ReturnType<typeof useServiceStatus>['data']> }) {
  const { days, incidents, current } = status;
  const totals = totalsOf(days);
  const today = days.at(-1);

  return (
    <>
      <Section title="Right now">
        <CurrentState current={current} />
      </Section>
      <Section title="Last 90 days">
        {today ? (
          <p className="mb-4 text-slate-700">
            Today so far: {formatCount(today.scheduledRuns)} scheduled {today.scheduledRuns === 1 ? 'run' : 'runs'},{' '}
            {formatShare(today.onTimeShare)} on time, p50 lateness {formatMs(today.p50LatenessMs)}, p99 lateness{' '}
            {formatMs(today.p99LatenessMs)}, {formatShare(today.deliverySuccessShare)} of deliveries arrived.
          </p>
        ) : null}
        <div className="flex flex-col gap-4">
          <DayBars
            title="Scheduled runs on time"
            summary={`${formatShare(totals.onTimeShare)} of ${formatCount(totals.scheduledRuns)} runs began within 1 s of their time`}
            days={days}
            color={(day) => shareColor(day.onTimeShare)}
            describe={(day) => `${formatShare(day.onTimeShare)} on time of ${formatCount(day.scheduledRuns)} runs`}
          />
          <DayBars
            title="Lateness (p99)"
            summary="The slowest 1 % of runs began this much after their time"
            days={days}
            color={(day) => latenessColor(day.p99LatenessMs)}
            describe={(day) => `p50 ${formatMs(day.p50LatenessMs)}, p99 ${formatMs(day.p99LatenessMs)}`}
          />
          <DayBars
            title="Deliveries"
            summary={`${formatShare(totals.deliverySuccessShare)} of results reached their e-mail, webhook or chat`}
            days={days}
            color={(day) => shareColor(day.deliverySuccessShare)}
            describe={(day) => `${formatShare(day.deliverySuccessShare)} of ${formatCount(day.deliveriesAttempted)} delivered`}
          />
          <DailyFiguresTable days={days} />
        </div>
      </Section>
      <Section title="Incidents">
        <IncidentList incidents={incidents} />
      </Section>
    </>
  );
}
