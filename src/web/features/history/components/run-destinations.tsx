import { clsx } from 'clsx';
import { useId } from 'react';
import { deliveryReceiptText } from '#shared/runs/delivery-receipt';
import type { Run, RunDestination } from '#shared/runs/run.schema';
import { Button } from '#web/components/ui/button';
import { errorMessage } from '#web/lib/form-errors';
import { toast } from '#web/lib/toast';
import { useReplayDelivery } from '../api/replay-delivery';

/*
 * Each destination of a run whose task has several (ADR 0127): its method, state, attempts, error or receipt, and a
 * Replay button that sends its delivery again (ADR 0129). A run with one destination shows its delivery above.
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

export function RunDestinations({ run }: { run: Pick<Run, 'id' | 'status' | 'destinations' | 'replays'> }) {
  const replay = useReplayDelivery();
  const headingId = useId();
  if (!run.destinations) return null;
  const send = (destination: RunDestination, place: number) => {
    if (replay.isPending) return;
    replay.mutate(
      { runId: run.id, destinationId: destination.id },
      {
        onSuccess: () => toast.success(`Sending to destination ${place} again`),
        onError: (error) => toast.error('Could not send it again', { description: errorMessage(error, 'Please try again.') }),
      },
    );
  };
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-1">
      <h3 id={headingId} className="text-xs font-medium text-slate-500">
        Destinations
      </h3>
      <ol className="flex flex-col gap-2">
        {run.destinations.map((destination, index) => {
          const replays = run.replays.filter((candidate) => candidate.destinationId === destination.id);
          const last = replays.at(-1);
          return (
            <li
              key={destination.id}
              aria-label={`Destination ${index + 1}: ${methodLabels[destination.method]}`}
              className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-slate-200 px-3 py-2 text-sm"
            >
              <span className="font-medium text-slate-800">
                {index + 1}. {methodLabels[destination.method]}
              </span>
              <span className={clsx('font-medium', statusClassNames[destination.status])}>{statusLabels[destination.status]}</span>
              <span className="text-slate-500">
                {destination.attempts} {destination.attempts === 1 ? 'attempt' : 'attempts'}
              </span>
              {destination.receipt ? <span className="text-slate-600">{deliveryReceiptText(destination.receipt)}</span> : null}
              {destination.error ? <span className="break-words text-red-700">{destination.error}</span> : null}
              {last ? (
                <span className="text-slate-600">
                  Replayed {replays.length} {replays.length === 1 ? 'time' : 'times'}: {statusLabels[last.status].toLowerCase()}
                </span>
              ) : null}
              {run.status !== 'processing' && destination.status !== 'pending' ? (
                <Button
                  variant="secondary"
                  size="sm"
                  className="ml-auto"
                  onClick={() => send(destination, index + 1)}
                  aria-disabled={replay.isPending || undefined}
                >
                  Replay
                </Button>
              ) : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
