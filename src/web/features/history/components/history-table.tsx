import { clsx } from 'clsx';
import { FileText } from 'lucide-react';
import { useId, useState } from 'react';
import type { Run } from '#shared/runs/run.schema';
import { DeliveryReceiptFact, LateMarker, LatenessFact } from '#web/components/runs/run-proof';
import { RunStatusBadge } from '#web/components/runs/run-status-badge';
import { Button } from '#web/components/ui/button';
import { ColumnHeads } from '#web/components/ui/column-heads';
import { DetailsToggle } from '#web/components/ui/details-toggle';
import { Fact } from '#web/components/ui/fact';
import { NameLink } from '#web/components/ui/name-link';
import { taskPaths } from '#web/config/paths';
import { modelName, providerName } from '#web/lib/catalog-names';
import { formatLocalDateTime } from '#web/lib/date-time';
import { deliveryOutcome, deliveryOutcomeClassNames, deliveryOutcomeDetail } from '#web/lib/delivery-text';
import { previewText, runDurationText } from '#web/lib/run-text';
import { formatCostUsd, formatTokens } from '#shared/runs/format-cost';
import { DeliveryOutcomeLabel } from '#web/components/runs/delivery-outcome-label';

const columns = ['Task Name', 'Status', 'Date & Time', 'Actions'] as const;

/*
 * One table for every width, as the task list does: from the md breakpoint a table; below it each run is a card whose
 * cells carry their own labels, while the header row stays for screen readers (visually hidden).
 */
const cellClassName = 'align-middle max-md:flex max-md:items-center max-md:justify-between max-md:gap-4 md:px-4 md:py-3';

function CellLabel({ children }: { children: string }) {
  return (
    <span aria-hidden="true" className="text-xs font-medium tracking-wide text-slate-500 uppercase md:hidden">
      {children}
    </span>
  );
}

function startedAtOf(run: Run): string | null {
  return run.startedAt ?? run.scheduledFor ?? null;
}

/** The delivery's outcome word, coloured, with its detail (reason, next attempt) after it. */
function DeliveryOutcomeText({ run }: { run: Run }) {
  const outcome = deliveryOutcome(run);
  const detail = deliveryOutcomeDetail(outcome, (iso) => formatLocalDateTime(iso));
  return (
    <>
      <span className={clsx('font-medium', deliveryOutcomeClassNames[outcome.kind])}>
        <DeliveryOutcomeLabel outcome={outcome} />
      </span>
      {detail ? <span className="break-words text-slate-700"> · {detail}</span> : null}
    </>
  );
}

/**
 * Under the run's status, what became of its delivery: a completed run whose delivery failed must not read as a
 * success. Not while the run is still processing, nor for a slot that never ran: there is nothing to deliver yet.
 */
function DeliveryLine({ run }: { run: Run }) {
  if (run.status === 'processing' || run.status === 'skipped') return null;
  const outcome = deliveryOutcome(run);
  return (
    <span className="text-xs text-slate-500">
      Delivery:{' '}
      <span className={clsx('font-medium', deliveryOutcomeClassNames[outcome.kind])}>
        <DeliveryOutcomeLabel outcome={outcome} />
      </span>
    </span>
  );
}

/** Spec section 2: the expanded row shows the provider, the result preview (100 characters) and the error preview. */
function RunPreview({ run }: { run: Run }) {
  return (
    <dl className="grid gap-3 sm:grid-cols-[12rem_1fr]">
      <Fact label="Provider">
        {run.provider ? providerName(run.provider) : '—'}
        {run.provider && run.model ? <span className="text-slate-500"> · {modelName(run.provider, run.model)}</span> : null}
      </Fact>
      <Fact label="Duration">{runDurationText(run)}</Fact>
      <LatenessFact run={run} />
      <Fact label="Tokens">
        {formatTokens(run.inputTokens)} in · {formatTokens(run.outputTokens)} out
      </Fact>
      <Fact label="Estimated cost">{formatCostUsd(run.costUsd)}</Fact>
      <div className="sm:col-span-2">
        <Fact label="Result">
          {run.result ? (
            previewText(run.result)
          ) : (
            <span className="text-slate-500">{run.status === 'processing' ? 'Still running.' : 'No result.'}</span>
          )}
        </Fact>
      </div>
      {run.error ? (
        <div className="sm:col-span-2">
          <Fact label={run.status === 'skipped' ? 'Reason' : 'Error'}>
            <span className={run.status === 'error' ? 'text-red-700' : 'text-slate-700'}>{previewText(run.error)}</span>
          </Fact>
        </div>
      ) : null}
      <div className="sm:col-span-2">
        <Fact label="Delivery">
          <DeliveryOutcomeText run={run} />
        </Fact>
      </div>
      <DeliveryReceiptFact run={run} className="sm:col-span-2" />
    </dl>
  );
}

function HistoryRow({ run, onViewResults }: { run: Run; onViewResults: (run: Run, trigger: HTMLElement) => void }) {
  const [expanded, setExpanded] = useState(false);
  const detailsId = useId();
  const started = startedAtOf(run);
  // Both buttons of every row say which run they are for, to screen readers.
  const whichRun = (
    <>
      {' '}
      of {run.taskName}
      {started ? `, ${formatLocalDateTime(started)}` : ''}
    </>
  );

  return (
    <>
      <tr
        data-run-id={run.id}
        className="max-md:flex max-md:flex-col max-md:gap-2 max-md:px-4 max-md:pt-4 max-md:pb-2 md:transition-colors md:hover:bg-slate-50/70"
      >
        <td className={cellClassName}>
          <NameLink to={taskPaths.detail(run.taskId)}>{run.taskName}</NameLink>
        </td>
        <td className={cellClassName}>
          <CellLabel>Status</CellLabel>
          <div className="flex flex-col items-end gap-1 md:items-start">
            <RunStatusBadge run={run} />
            <DeliveryLine run={run} />
          </div>
        </td>
        <td className={clsx(cellClassName, 'text-slate-700 md:whitespace-nowrap')}>
          <CellLabel>Date & Time</CellLabel>
          <div className="flex flex-col items-end gap-1 md:items-start">
            {started ? <time dateTime={started}>{formatLocalDateTime(started)}</time> : '—'}
            <LateMarker run={run} />
          </div>
        </td>
        <td className={clsx(cellClassName, 'md:text-right md:whitespace-nowrap')}>
          <div className="flex flex-wrap gap-1 max-md:-ml-3 md:justify-end">
            <DetailsToggle expanded={expanded} onToggle={() => setExpanded((open) => !open)} detailsId={detailsId}>
              {whichRun}
            </DetailsToggle>
            <Button variant="ghost" size="sm" onClick={(event) => onViewResults(run, event.currentTarget)}>
              <FileText aria-hidden="true" className="size-4" />
              View Full Results
              <span className="sr-only">{whichRun}</span>
            </Button>
          </div>
        </td>
      </tr>
      {expanded ? (
        <tr id={detailsId} className="bg-slate-50/60 max-md:block">
          <td colSpan={columns.length} className="px-4 py-4 max-md:block">
            <RunPreview run={run} />
          </td>
        </tr>
      ) : null}
    </>
  );
}

export function HistoryTable({
  runs,
  stale,
  onViewResults,
}: {
  runs: Run[];
  stale: boolean;
  onViewResults: (run: Run, trigger: HTMLElement) => void;
}) {
  return (
    <div
      aria-busy={stale || undefined}
      className={clsx('rounded-xl border border-slate-200 bg-white shadow-sm md:overflow-x-auto', stale && 'opacity-60 transition-opacity')}
    >
      <table className="w-full text-left text-sm max-md:block">
        <caption className="sr-only">Task runs, newest first</caption>
        <ColumnHeads columns={columns} stackBelow="md" />
        <tbody className="divide-y divide-slate-100 max-md:block">
          {runs.map((run) => (
            <HistoryRow key={run.id} run={run} onViewResults={onViewResults} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
