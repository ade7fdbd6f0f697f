import { deliveryReceiptText } from '#shared/runs/delivery-receipt';
import { latenessText, onTimeWithinMs } from '#shared/runs/lateness';
import type { Run } from '#shared/runs/run.schema';
import { Fact } from '#web/components/ui/fact';
import { formatLocalDateTime } from '#web/lib/date-time';

/*
 * What shows that a run happened as promised (issue 40): how late a worker began it, and the receiver's receipt for
 * its delivery. The run's details in History, its dialog and the task's run history all show the same two facts.
 */

type ProvenRun = Pick<Run, 'trigger' | 'status' | 'latenessMs' | 'deliveryReceipt'>;

/** Only a scheduled slot that ran has a lateness; Run Now starts when asked and a skipped slot never began. */
const hasLateness = (run: ProvenRun) => run.trigger === 'schedule' && run.status !== 'skipped';

/** "Lateness: On time (120ms)" for a scheduled run; nothing for Run Now or a skipped slot. */
export function LatenessFact({ run }: { run: ProvenRun }) {
  if (!hasLateness(run)) return null;
  const late = run.latenessMs !== null && run.latenessMs > onTimeWithinMs;
  return (
    <Fact label="Lateness">
      <span className={late ? 'text-amber-700' : undefined}>{latenessText(run.latenessMs)}</span>
    </Fact>
  );
}

/** The receiver's receipt and when it answered (in the reader's zone unless `formatTime` says otherwise); nothing until the run is delivered. */
export function DeliveryReceiptFact({
  run,
  className,
  formatTime = formatLocalDateTime,
}: {
  run: ProvenRun;
  className?: string;
  formatTime?: (iso: string) => string;
}) {
  const receipt = run.deliveryReceipt;
  if (!receipt) return null;
  return (
    <Fact label="Delivery receipt" className={className}>
      {deliveryReceiptText(receipt)}
      <span className="text-slate-500">
        {' '}
        · <time dateTime={receipt.at}>{formatTime(receipt.at)}</time>
      </span>
    </Fact>
  );
}

/** A late scheduled run's marker beside its time in a list: "Late by 3.4s"; nothing for one on time. */
export function LateMarker({ run }: { run: ProvenRun }) {
  if (!hasLateness(run) || run.latenessMs === null || run.latenessMs <= onTimeWithinMs) return null;
  return <span className="text-xs font-medium text-amber-700">{latenessText(run.latenessMs)}</span>;
}
