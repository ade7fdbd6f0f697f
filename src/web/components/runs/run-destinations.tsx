import { clsx } from 'clsx';
import { useId, type ReactNode } from 'react';
import { deliveryReceiptText } from '#shared/runs/delivery-receipt';
import type { DeliveryStatus, Run, RunDestination } from '#shared/runs/run.schema';
import type { DeliveryMethod } from '#shared/tasks/task.schema';
import { Button } from '#web/components/ui/button';
import { formatLocalDateTime } from '#web/lib/date-time';
import { deliveryOutcome, nextAttemptText } from '#web/lib/delivery-text';
import { errorMessage } from '#web/lib/form-errors';
import { toast } from '#web/lib/toast';
import { useReplayDelivery } from './replay-delivery';

/*
 * Where a run's result went, each destination with its state and a Replay button that sends its delivery again
 * (ADR 0129). A run of a task with several destinations has each one's state (ADR 0127); a run with one has its own
 * delivery fields, and that destination is its task's first.
 */

const methodLabels: Record<RunDestination['method'], string> = { email: 'E-mail', webhook: 'Webhook', slack: 'Slack', discord: 'Discord' };
const statusLabels: Record<RunDestination['status'], string> = {
  pending: 'Pending',
  delivered: 'Delivered',
  failed: 'Failed',
  skipped: 'Not delivered',
};
const statusClassNames: Record<RunDestination['status'], string> = {
  pending: 'text-slate-600',
  delivered: 'text-emerald-700',
  failed: 'text-red-700',
  skipped: 'text-slate-600',
};

export type RunOfDestinations = Pick<
  Run,
  'id' | 'taskId' | 'status' | 'destinations' | 'replays' | 'deliveryStatus' | 'deliveryError' | 'deliveryNextAttemptAt'
>;

/** A task's first destination: the one destination of a run that has no `destinations` of its own. */
export type SoleDestination = { id: string; method: DeliveryMethod };

type RunDestinationsProps = {
  run: RunOfDestinations;
  /** Undefined while the run's task loads, or when it could not be read: a one-destination run then shows no Replay. */
  soleDestination?: SoleDestination;
  /** How a time reads, as the rest of the run's view writes it; the reader's own zone unless given. */
  formatTime?: (iso: string) => string;
};

export function RunDestinations({ run, soleDestination, formatTime = formatLocalDateTime }: RunDestinationsProps) {
  const replay = useReplayDelivery();
  const headingId = useId();
  const send = (destinationId: string, done: string) => {
    if (replay.isPending) return;
    replay.mutate(
      { runId: run.id, taskId: run.taskId, destinationId },
      {
        onSuccess: () => toast.success(done),
        onError: (error) => toast.error('Could not send it again', { description: errorMessage(error, 'Please try again.') }),
      },
    );
  };
  const replayButton = (destinationId: string, status: DeliveryStatus, done: string) =>
    // A delivery still under way (or retrying) has nothing to send again yet; the server refuses a run still going.
    run.status !== 'processing' && status !== 'pending' ? (
      <Button
        variant="secondary"
        size="sm"
        className="ml-auto"
        onClick={() => send(destinationId, done)}
        aria-disabled={replay.isPending || undefined}
      >
        Replay
      </Button>
    ) : null;

  if (!run.destinations) {
    if (!soleDestination) return null;
    const outcome = deliveryOutcome(run);
    return (
      <section aria-labelledby={headingId} className="flex flex-col gap-1">
        <h3 id={headingId} className="text-xs font-medium text-slate-500">
          Destination
        </h3>
        <ol className="flex flex-col gap-2">
          {/* Its error and receipt are the run's own, shown with the run's delivery; here its state and Replay. */}
          <DestinationItem
            label={`Destination: ${methodLabels[soleDestination.method]}`}
            name={methodLabels[soleDestination.method]}
            state={<span className={clsx('font-medium', statusClassNames[run.deliveryStatus])}>{outcome.label}</span>}
            replays={run.replays}
            destinationId={soleDestination.id}
          >
            {replayButton(soleDestination.id, run.deliveryStatus, 'Sending to the destination again')}
          </DestinationItem>
        </ol>
      </section>
    );
  }

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-1">
      <h3 id={headingId} className="text-xs font-medium text-slate-500">
        Destinations
      </h3>
      <ol className="flex flex-col gap-2">
        {run.destinations.map((destination, index) => (
          <DestinationItem
            key={destination.id}
            label={`Destination ${index + 1}: ${methodLabels[destination.method]}`}
            name={`${index + 1}. ${methodLabels[destination.method]}`}
            state={
              <>
                <span className={clsx('font-medium', statusClassNames[destination.status])}>{statusLabels[destination.status]}</span>
                <span className="text-slate-500">
                  {destination.attempts} {destination.attempts === 1 ? 'attempt' : 'attempts'}
                </span>
                {/* A destination whose last attempt failed waits for its next one, as the run's own delivery does. */}
                {destination.status === 'pending' && destination.nextAttemptAt ? (
                  <span className="text-slate-600">{nextAttemptText(destination.nextAttemptAt, formatTime)}</span>
                ) : null}
                {destination.receipt ? <span className="text-slate-600">{deliveryReceiptText(destination.receipt)}</span> : null}
                {destination.error ? <span className="break-words text-red-700">{destination.error}</span> : null}
              </>
            }
            replays={run.replays}
            destinationId={destination.id}
          >
            {replayButton(destination.id, destination.status, `Sending to destination ${index + 1} again`)}
          </DestinationItem>
        ))}
      </ol>
    </section>
  );
}

type DestinationItemProps = {
  label: string;
  name: string;
  state: ReactNode;
  replays: Run['replays'];
  destinationId: string;
  children: ReactNode;
};

function DestinationItem({ label, name, state, replays, destinationId, children }: DestinationItemProps) {
  const own = replays.filter((candidate) => candidate.destinationId === destinationId);
  const last = own.at(-1);
  return (
    <li
      aria-label={label}
      className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm"
    >
      <span className="font-medium text-slate-800">{name}</span>
      {state}
      {last ? (
        <span className="text-slate-600">
          Replayed {own.length} {own.length === 1 ? 'time' : 'times'}: {statusLabels[last.status].toLowerCase()}
        </span>
      ) : null}
      {children}
    </li>
  );
}
