import { clsx } from 'clsx';
import { History } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useLocation } from 'react-router';
import { formatDuration } from '#shared/runs/format-duration';
import { formatCostUsd } from '#shared/runs/format-cost';
import type { WebhookAttempt } from '#shared/runs/run.schema';
import { deliversToUrl } from '#shared/tasks/task.schema';
import { DeliveryReceiptFact, LateMarker, LatenessFact } from '#web/components/runs/run-proof';
import { RunStatusBadge } from '#web/components/runs/run-status-badge';
import { TitledCard } from '#web/components/ui/card';
import { DetailsToggle } from '#web/components/ui/details-toggle';
import { QueryLoadError } from '#web/components/ui/load-error';
import { LoadMoreButton } from '#web/components/ui/load-more-button';
import { Skeleton } from '#web/components/ui/skeleton';
import { Fact } from '#web/components/ui/fact';
import { errorMessage } from '#web/lib/form-errors';
import { previewText, runDurationText } from '#web/lib/run-text';
import { useTaskRuns, type TaskRun } from '../api/list-task-runs';
import { modelName, providerName } from '#web/lib/catalog-names';
import { formatInZoneOf } from '#web/lib/date-time';
import { deliveryMethodLabel, deliveryOutcome, deliveryOutcomeClassNames, deliveryOutcomeDetail } from '#web/lib/delivery-text';
import { formatCount } from '#web/lib/numbers';
import { DeliveryOutcomeLabel } from '#web/components/runs/delivery-outcome-label';
import { RunDestinations, type SoleDestination } from '#web/components/runs/run-destinations';
import { RunOutput } from '#web/components/runs/run-output';
import { runTriggerLabel } from '#web/components/runs/run-trigger';

const loadFailed = 'Failed to load task runs. Please try again.';

/** The id of a run's row, which the task page's "Value over time" chart links to: a run has no page of its own. */
export const runAnchor = (runId: string) => `run-${runId}`;

/** The run the address points at (`#run-<id>`), if any. */
function linkedRunIdOf(hash: string): string | null {
  const prefix = `#${runAnchor('')}`;
  return hash.startsWith(prefix) && hash.length > prefix.length ? hash.slice(prefix.length) : null;
}

/** The delivery's outcome word; while retrying, with the next attempt's time when known. */
function DeliveryStatus({ run, timeZone }: { run: TaskRun; timeZone: string }) {
  if (!run.deliveryStatus) return <span className="text-slate-500">—</span>;
  const outcome = deliveryOutcome(run);
  return (
    <span className={clsx('font-medium', deliveryOutcomeClassNames[outcome.kind])}>
      <DeliveryOutcomeLabel outcome={outcome} />
      {outcome.nextAttemptAt ? (
        <span className="font-normal text-slate-600">
          {' '}
          · next <TaskTime iso={outcome.nextAttemptAt} timeZone={timeZone} />
        </span>
      ) : null}
    </span>
  );
}

/** A time of the task's runs, in the task's zone with the reader's beside it (ADR 0110). */
function TaskTime({ iso, timeZone }: { iso: string | null | undefined; timeZone: string }) {
  if (!iso) return <>—</>;
  return <time dateTime={iso}>{formatInZoneOf(iso, timeZone)}</time>;
}

function countText(value: number | null | undefined): string {
  return typeof value === 'number' ? formatCount(value) : '—';
}

/** The line under a run's facts: the result's start, or why it failed or was skipped. */
function RunSummary({ run }: { run: TaskRun }) {
  if ((run.status === 'error' || run.status === 'skipped') && run.error) {
    return (
      <p className={clsx('text-sm break-words', run.status === 'error' ? 'text-red-700' : 'text-slate-600')}>{previewText(run.error)}</p>
    );
  }
  if (run.result) return <p className="text-sm break-words text-slate-700">{previewText(run.result)}</p>;
  return null;
}

function DeliveryAttempt({ delivery, timeZone }: { delivery: WebhookAttempt; timeZone: string }) {
  return (
    <li className="flex flex-col gap-1 rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="font-medium text-slate-900">Attempt {delivery.attempt}</span>
        <span className={clsx(typeof delivery.statusCode === 'number' && delivery.statusCode < 300 ? 'text-emerald-700' : 'text-red-700')}>
          {typeof delivery.statusCode === 'number' ? `HTTP ${delivery.statusCode}` : 'No answer'}
        </span>
        <span className="text-slate-600">{typeof delivery.durationMs === 'number' ? formatDuration(delivery.durationMs) : '—'}</span>
        {delivery.createdAt ? (
          <span className="text-slate-500">
            <TaskTime iso={delivery.createdAt} timeZone={timeZone} />
          </span>
        ) : null}
      </div>
      {delivery.error ? <p className="break-words text-red-700">{delivery.error}</p> : null}
      {delivery.nextAttemptAt ? (
        <p className="text-slate-600">
          Next attempt: <TaskTime iso={delivery.nextAttemptAt} timeZone={timeZone} />
        </p>
      ) : null}
    </li>
  );
}

/** Why the run was not delivered, is retrying or failed to deliver; nothing for a delivered or pending one. */
function DeliveryNote({ run, timeZone }: { run: TaskRun; timeZone: string }) {
  const outcome = deliveryOutcome(run);
  const detail = deliveryOutcomeDetail(outcome, (iso) => formatInZoneOf(iso, timeZone));
  if (!detail) return null;
  // A run not delivered by its own choice (a rule) or for want of a confirmed address has a note, not a fault.
  const fault = outcome.kind === 'failed' || outcome.kind === 'retrying';
  return (
    <div className="flex flex-col gap-1">
      <h4 className="text-xs font-medium text-slate-500">{fault ? 'Delivery error' : 'Delivery'}</h4>
      <p className={clsx('text-sm break-words', fault ? 'text-red-700' : 'text-slate-700')}>{detail}</p>
    </div>
  );
}

type RunListProps = {
  attemptsTitle: string | null;
  timeZone: string;
  /** The task's first destination, a one-destination run's own (ADR 0127), so it can be sent again. */
  soleDestination?: SoleDestination;
};

function RunDetails({ run, id, attemptsTitle, timeZone, soleDestination }: RunListProps & { run: TaskRun; id: string }) {
  return (
    <div id={id} className="mt-3 flex flex-col gap-4 rounded-lg border border-slate-200 bg-slate-50 p-3 sm:p-4">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {run.provider ? <Fact label="Provider">{providerName(run.provider)}</Fact> : null}
        {run.provider && run.model ? <Fact label="Model">{modelName(run.provider, run.model)}</Fact> : null}
        <Fact label="Input tokens">{countText(run.inputTokens)}</Fact>
        <Fact label="Output tokens">{countText(run.outputTokens)}</Fact>
        <Fact label="Estimated cost">{formatCostUsd(run.costUsd)}</Fact>
        <Fact label="Completed">
          <TaskTime iso={run.completedAt} timeZone={timeZone} />
        </Fact>
        <LatenessFact run={run} />
        <DeliveryReceiptFact run={run} className="col-span-2" formatTime={(iso) => formatInZoneOf(iso, timeZone)} />
      </dl>

      <div className="flex flex-col gap-1">
        <h4 className="text-xs font-medium text-slate-500">Result</h4>
        {/* Plain text, as the model wrote it: React escapes it, nothing is rendered as HTML. */}
        {run.output ? (
          <RunOutput output={run.output} caption={`Result of the run started ${run.startedAt}`} />
        ) : run.result ? (
          <pre className="max-h-96 overflow-auto rounded-md border border-slate-200 bg-white px-3 py-2 font-mono text-xs whitespace-pre-wrap break-words text-slate-800">
            {run.result}
          </pre>
        ) : (
          <p className="text-sm text-slate-600">{run.status === 'processing' ? 'The run is still in progress.' : 'No result.'}</p>
        )}
      </div>

      {run.prompt ? (
        <div className="flex flex-col gap-1">
          <h4 className="text-xs font-medium text-slate-500">Prompt sent</h4>
          <pre className="max-h-48 overflow-auto rounded-md border border-slate-200 bg-white px-3 py-2 font-mono text-xs whitespace-pre-wrap break-words text-slate-800">
            {run.prompt}
          </pre>
        </div>
      ) : null}

      {run.error ? (
        <div className="flex flex-col gap-1">
          <h4 className="text-xs font-medium text-slate-500">{run.status === 'skipped' ? 'Reason' : 'Error'}</h4>
          <p className="text-sm break-words whitespace-pre-wrap text-red-700">{run.error}</p>
        </div>
      ) : null}

      <DeliveryNote run={run} timeZone={timeZone} />

      <RunDestinations run={run} soleDestination={soleDestination} formatTime={(iso) => formatInZoneOf(iso, timeZone)} />

      {attemptsTitle ? (
        <div className="flex flex-col gap-2">
          <h4 className="text-xs font-medium text-slate-500">{attemptsTitle}</h4>
          {run.webhookDeliveries.length > 0 ? (
            <ol aria-label={attemptsTitle} className="flex flex-col gap-2">
              {[...run.webhookDeliveries]
                .sort((a, b) => a.attempt - b.attempt)
                .map((delivery) => (
                  <DeliveryAttempt key={delivery.attempt} delivery={delivery} timeZone={timeZone} />
                ))}
            </ol>
          ) : (
            <p className="text-sm text-slate-600">No delivery attempts yet.</p>
          )}
        </div>
      ) : null}
    </div>
  );
}

function RunRow({ run, linked, ...list }: RunListProps & { run: TaskRun; linked: boolean }) {
  const [expanded, setExpanded] = useState(false);
  const detailsId = useId();
  const started = run.startedAt ?? run.scheduledFor;
  const { timeZone } = list;

  return (
    // Clear of the sticky header when a link scrolls here, and marked while the address points at it.
    <li
      id={runAnchor(run.id)}
      className={clsx('scroll-mt-20 py-4 first:pt-0 last:pb-0', linked && 'bg-indigo-50/60')}
      data-run-id={run.id}
      data-linked={linked || undefined}
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <RunStatusBadge run={run} />
            <span className="text-sm font-medium text-slate-900">
              <TaskTime iso={started} timeZone={timeZone} />
            </span>
            <LateMarker run={run} />
          </div>
          <dl className="grid grid-cols-3 gap-3 sm:flex sm:flex-wrap sm:gap-x-6">
            <Fact label="Trigger">{runTriggerLabel(run.trigger)}</Fact>
            <Fact label="Duration">{runDurationText(run)}</Fact>
            <Fact label="Delivery">
              <DeliveryStatus run={run} timeZone={timeZone} />
            </Fact>
          </dl>
          <RunSummary run={run} />
        </div>
        <DetailsToggle
          expanded={expanded}
          onToggle={() => setExpanded((open) => !open)}
          detailsId={detailsId}
          className="self-start max-sm:-ml-3"
        >
          {' '}
          of the run started {started ? formatInZoneOf(started, timeZone) : run.id}
        </DetailsToggle>
      </div>
      {expanded ? <RunDetails run={run} id={detailsId} {...list} /> : null}
    </li>
  );
}

function RunHistorySkeleton() {
  return (
    <div aria-busy="true" className="flex flex-col gap-5">
      <div role="status" className="sr-only">
        Loading task runs...
      </div>
      {[0, 1, 2].map((index) => (
        <div key={index} className="flex flex-col gap-2">
          <div className="flex items-center gap-3">
            <Skeleton className="h-5 w-24 rounded-full" />
            <Skeleton className="h-4 w-40" />
          </div>
          <Skeleton className="h-4 w-72 max-w-full" />
          <Skeleton className="h-4 w-full" />
        </div>
      ))}
    </div>
  );
}

function RunHistoryBody({ taskId, ...list }: RunListProps & { taskId: string }) {
  const runs = useTaskRuns(taskId);
  const items = runs.data?.pages.flatMap((page) => page.items) ?? [];
  const linkedRunId = linkedRunIdOf(useLocation().hash);
  const linkedLoaded = items.some((run) => run.id === linkedRunId);
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = runs;

  // The chart reaches further back than a page: a run it links to that is not listed yet has its pages loaded, then
  // is scrolled to (the navigation found no row to scroll to). A failed page stops it; "Load more" says why.
  useEffect(() => {
    if (linkedRunId === null) return;
    if (linkedLoaded) document.getElementById(runAnchor(linkedRunId))?.scrollIntoView?.({ block: 'start' });
    else if (hasNextPage && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
  }, [linkedRunId, linkedLoaded, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

  if (runs.isPending) return <RunHistorySkeleton />;
  if (!runs.data) {
    return <QueryLoadError title="Error loading task runs" query={runs} fallback={loadFailed} />;
  }

  if (items.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 py-6 text-center">
        <History aria-hidden="true" className="size-6 text-slate-400" />
        <p className="text-sm text-slate-600">No runs yet.</p>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <ul aria-label="Runs, newest first" className="flex flex-col divide-y divide-slate-100">
        {items.map((run) => (
          <RunRow key={run.id} run={run} linked={run.id === linkedRunId} {...list} />
        ))}
      </ul>
      {runs.isFetchNextPageError ? (
        <p role="alert" className="text-center text-sm text-red-700">
          Error loading task runs: {errorMessage(runs.error, loadFailed)}
        </p>
      ) : null}
      <LoadMoreButton pages={runs} className="self-center" />
    </div>
  );
}

/**
 * The heading of a run's HTTP delivery attempts: webhooks, Slack and Discord are each posted with retries and every
 * attempt recorded (the URL itself is not shown: a Slack or Discord one is a secret). E-mail has none.
 */
function deliveryAttemptsTitle(deliveryMethod: string): string | null {
  if (!deliversToUrl(deliveryMethod)) return null;
  return deliveryMethod === 'webhook' ? 'Webhook delivery attempts' : `${deliveryMethodLabel(deliveryMethod)} delivery attempts`;
}

/**
 * The "Run history" card of a task's page: its latest runs, newest first, each expandable to the full result. Times are
 * in `timeZone`, the task schedule's, as everywhere on its page (ADR 0110).
 */
export function TaskRunHistory({
  taskId,
  deliveryMethod,
  timeZone,
  soleDestination,
}: {
  taskId: string;
  deliveryMethod: string;
  timeZone: string;
  soleDestination?: SoleDestination;
}) {
  return (
    <TitledCard title="Run history" className="md:col-span-2">
      <RunHistoryBody
        taskId={taskId}
        attemptsTitle={deliveryAttemptsTitle(deliveryMethod)}
        timeZone={timeZone}
        soleDestination={soleDestination}
      />
    </TitledCard>
  );
}
