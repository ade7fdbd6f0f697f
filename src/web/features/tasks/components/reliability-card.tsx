import { onTimeWithinMs } from '#shared/runs/lateness';
import { formatDuration } from '#shared/runs/format-duration';
import type { TaskReliability } from '#shared/tasks/task-reliability.schema';
import { TitledCard } from '#web/components/ui/card';
import { Fact } from '#web/components/ui/fact';
import { QueryLoadError } from '#web/components/ui/load-error';
import { Skeleton } from '#web/components/ui/skeleton';
import { formatCount } from '#web/lib/numbers';
import { useTaskReliability } from '../api/get-task-reliability';

const title = 'Reliability (last 30 days)';
const description = `On time: a worker began the run within ${onTimeWithinMs / 1000} s of its scheduled time.`;

/** The task's scheduled slots of the last 30 days: how many ran on time, late or not at all, and its deliveries (issue 40). */
export function ReliabilityCard({ taskId, className }: { taskId: string; className?: string }) {
  const reliability = useTaskReliability(taskId);
  return (
    <TitledCard title={title} description={description} className={className}>
      {reliability.isPending ? (
        <ReliabilitySkeleton />
      ) : reliability.isError ? (
        <QueryLoadError title="Error loading reliability" query={reliability} fallback="Failed to load reliability. Please try again." />
      ) : (
        <ReliabilityFigures figures={reliability.data} />
      )}
    </TitledCard>
  );
}

/**
 * The on-time share is of the runs a worker began (on time or late), as the dashboard and the status page take it: a
 * missed slot is counted on its own line, and a run without a measure is left out. "99.0%" as the status page writes it.
 */
export function onTimeShareText({ onTime, late }: Pick<TaskReliability, 'onTime' | 'late'>): string | null {
  const begun = onTime + late;
  return begun === 0 ? null : `${(Math.round((onTime / begun) * 1000) / 10).toFixed(1)}%`;
}

function ReliabilityFigures({ figures }: { figures: TaskReliability }) {
  const share = onTimeShareText(figures);
  const deliveries = (
    <>
      <Fact label="Deliveries confirmed">{formatCount(figures.deliveriesConfirmed)}</Fact>
      <Fact label="Deliveries failed">{formatCount(figures.deliveriesFailed)}</Fact>
    </>
  );
  if (figures.slotsDue === 0) {
    return (
      <>
        <p className="text-sm text-slate-600">No scheduled slots in the last 30 days.</p>
        {figures.deliveriesConfirmed + figures.deliveriesFailed > 0 ? <dl className={gridClassName}>{deliveries}</dl> : null}
      </>
    );
  }
  return (
    <dl className={gridClassName}>
      <Fact label="Slots due">{formatCount(figures.slotsDue)}</Fact>
      <Fact label="On time">
        {formatCount(figures.onTime)}
        {share ? <span className="text-slate-600"> ({share})</span> : null}
      </Fact>
      <Fact label="Late">
        {formatCount(figures.late)}
        {figures.worstLatenessMs !== null ? (
          <span className="text-slate-600"> (worst {formatDuration(figures.worstLatenessMs)})</span>
        ) : null}
      </Fact>
      <Fact label="Missed">{formatCount(figures.missed)}</Fact>
      {/* Only when there are some, so the figures still add up: a run under way has its lateness written when it ends. */}
      {figures.running > 0 ? <Fact label="Running">{formatCount(figures.running)}</Fact> : null}
      {figures.unmeasured > 0 ? <Fact label="Not measured">{formatCount(figures.unmeasured)}</Fact> : null}
      <Fact label="Duplicates">{formatCount(figures.duplicates)}</Fact>
      {deliveries}
    </dl>
  );
}

const gridClassName = 'grid grid-cols-2 gap-4 sm:grid-cols-4';

function ReliabilitySkeleton() {
  return (
    <div aria-busy="true" className={gridClassName}>
      <div role="status" className="sr-only">
        Loading reliability...
      </div>
      {Array.from({ length: 8 }, (_, index) => (
        <div key={index} className="flex flex-col gap-1.5">
          <Skeleton className="h-3 w-20" />
          <Skeleton className="h-5 w-12" />
        </div>
      ))}
    </div>
  );
}
