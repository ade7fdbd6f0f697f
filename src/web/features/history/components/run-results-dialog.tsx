import * as Dialog from '@radix-ui/react-dialog';
import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { X } from 'lucide-react';
import { formatCostUsd, formatTokens } from '#shared/runs/format-cost';
import type { Run } from '#shared/runs/run.schema';
import { MarkdownContent } from '#web/components/markdown/markdown-content';
import { DeliveryReceiptFact, LatenessFact } from '#web/components/runs/run-proof';
import { RunStatusBadge } from '#web/components/runs/run-status-badge';
import { Fact } from '#web/components/ui/fact';
import { modelName } from '#web/lib/catalog-names';
import { formatLocalDateTime } from '#web/lib/date-time';
import { deliveryOutcome, deliveryOutcomeClassNames, deliveryOutcomeDetail } from '#web/lib/delivery-text';
import { runDurationText } from '#web/lib/run-text';
import { taskQueryOptions } from '#web/lib/task-query';
import { useRun } from '../api/get-run';
import { RunDestinations } from '#web/components/runs/run-destinations';
import { DeliveryOutcomeLabel } from '#web/components/runs/delivery-outcome-label';
import { RunOutput } from '#web/components/runs/run-output';
import { runTriggerLabel } from '#web/components/runs/run-trigger';

function Moment({ iso }: { iso: string | null | undefined }) {
  return iso ? <time dateTime={iso}>{formatLocalDateTime(iso)}</time> : <>—</>;
}

// Markdown without a typography plugin: enough spacing, lists and code blocks to read an answer comfortably.
const markdownClassName = [
  'text-sm leading-relaxed text-slate-800 break-words',
  '[&_p]:my-2 [&_h1]:mt-4 [&_h1]:mb-2 [&_h1]:text-lg [&_h1]:font-semibold [&_h2]:mt-4 [&_h2]:mb-2 [&_h2]:text-base [&_h2]:font-semibold',
  '[&_h3]:mt-3 [&_h3]:mb-1 [&_h3]:font-semibold [&_h4]:font-semibold [&_ul]:my-2 [&_ul]:list-disc [&_ul]:pl-5 [&_ol]:my-2 [&_ol]:list-decimal [&_ol]:pl-5',
  '[&_a]:text-indigo-700 [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:border-slate-200 [&_blockquote]:pl-3 [&_blockquote]:text-slate-600',
  '[&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_code]:font-mono [&_code]:text-xs [&_pre]:my-2 [&_pre]:overflow-x-auto [&_pre]:rounded-md [&_pre]:bg-slate-900 [&_pre]:p-3 [&_pre]:text-slate-100 [&_pre_code]:bg-transparent [&_pre_code]:p-0',
  '[&_table]:my-2 [&_table]:w-full [&_td]:border [&_td]:border-slate-200 [&_td]:px-2 [&_td]:py-1 [&_th]:border [&_th]:border-slate-200 [&_th]:bg-slate-50 [&_th]:px-2 [&_th]:py-1',
].join(' ');

function RunResults({ listed }: { listed: Run }) {
  const { data: run = listed } = useRun(listed);
  // A one-destination run's destination is its task's first (ADR 0127): the task is read for its id, to replay it.
  const soleDestination = useQuery({ ...taskQueryOptions(run.taskId), enabled: run.destinations === null, retry: false }).data
    ?.destinations[0];
  const outcome = deliveryOutcome(run);
  const delivery = { outcome, detail: deliveryOutcomeDetail(outcome, (iso) => formatLocalDateTime(iso)) };
  return (
    <div className="flex flex-col gap-5">
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Fact label="Run ID">
          <span className="font-mono text-xs">{run.id}</span>
        </Fact>
        <Fact label="Status">
          <RunStatusBadge run={run} />
        </Fact>
        <Fact label="Delivery">
          <span className={clsx('font-medium', deliveryOutcomeClassNames[delivery.outcome.kind])}>
            <DeliveryOutcomeLabel outcome={delivery.outcome} />
          </span>
        </Fact>
        <Fact label="Trigger">{runTriggerLabel(run.trigger)}</Fact>
        <Fact label="Started">
          <Moment iso={run.startedAt ?? run.scheduledFor} />
        </Fact>
        <Fact label="Completed">{run.completedAt ? <Moment iso={run.completedAt} /> : 'In progress'}</Fact>
        <Fact label="Duration">{runDurationText(run)}</Fact>
        <LatenessFact run={run} />
        <Fact label="Tokens">
          {formatTokens(run.inputTokens)} in · {formatTokens(run.outputTokens)} out
        </Fact>
        <Fact label="Estimated cost">{formatCostUsd(run.costUsd)}</Fact>
        {run.answeredBy ? (
          // The task's model failed and its fallback answered (ADR 0121): the tokens and cost above are the fallback's.
          <Fact label="Model" className="sm:col-span-2">
            Answered by the fallback model {modelName(run.answeredBy.provider, run.answeredBy.model)}
          </Fact>
        ) : null}
        <DeliveryReceiptFact run={run} className="sm:col-span-2" />
      </dl>
      <RunDestinations run={run} soleDestination={soleDestination} />
      {run.prompt ? (
        <section aria-labelledby="run-prompt-heading" className="flex flex-col gap-1">
          <h3 id="run-prompt-heading" className="text-xs font-medium text-slate-500">
            Prompt sent
          </h3>
          <p className="rounded-lg border border-slate-200 bg-slate-50 px-4 py-2 text-sm break-words whitespace-pre-wrap text-slate-800">
            {run.prompt}
          </p>
        </section>
      ) : null}
      <section aria-labelledby="run-result-heading" className="flex flex-col gap-1">
        <h3 id="run-result-heading" className="text-xs font-medium text-slate-500">
          Result
        </h3>
        {run.output ? (
          <RunOutput output={run.output} caption={`Result of ${run.taskName}`} />
        ) : run.result ? (
          <div className="rounded-lg border border-slate-200 bg-white px-4 py-2">
            <MarkdownContent markdown={run.result} className={markdownClassName} />
          </div>
        ) : (
          <p className="text-sm text-slate-600">{run.status === 'processing' ? 'The run is still in progress.' : 'No result.'}</p>
        )}
      </section>
      {run.error ? (
        <section aria-labelledby="run-error-heading" className="flex flex-col gap-1">
          <h3 id="run-error-heading" className="text-xs font-medium text-slate-500">
            {run.status === 'skipped' ? 'Reason' : 'Error'}
          </h3>
          <p className="text-sm break-words whitespace-pre-wrap text-red-700">{run.error}</p>
        </section>
      ) : null}
      {delivery.detail ? (
        <section aria-labelledby="run-delivery-heading" className="flex flex-col gap-1">
          <h3 id="run-delivery-heading" className="text-xs font-medium text-slate-500">
            {delivery.outcome.kind === 'failed' || delivery.outcome.kind === 'retrying' ? 'Delivery error' : 'Delivery'}
          </h3>
          <p
            className={clsx(
              'text-sm break-words whitespace-pre-wrap',
              delivery.outcome.kind === 'failed' ? 'text-red-700' : 'text-slate-700',
            )}
          >
            {delivery.detail}
          </p>
        </section>
      ) : null}
    </div>
  );
}

type RunResultsDialogProps = {
  run: Run | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opened it: one dialog serves every row, so Radix does not know it. */
  returnFocusTo: () => HTMLElement | null | undefined;
};

/** Spec section 2: "View Full Results": run id, start time, status badge, completed time, result and error. */
export function RunResultsDialog({ run, open, onOpenChange, returnFocusTo }: RunResultsDialogProps) {
  return (
    <Dialog.Root open={open && run !== null} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/40 backdrop-blur-[2px] motion-safe:data-[state=closed]:animate-fade-out motion-safe:data-[state=open]:animate-fade-in" />
        <Dialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            const target = returnFocusTo();
            if (!target?.isConnected) return;
            event.preventDefault();
            target.focus();
          }}
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2 flex-col rounded-xl border border-slate-200 bg-white shadow-2xl outline-none motion-safe:data-[state=closed]:animate-fade-out motion-safe:data-[state=open]:animate-fade-in"
        >
          <div className="flex items-start justify-between gap-4 border-b border-slate-100 px-6 py-4">
            <Dialog.Title className="text-lg font-semibold text-slate-900">{run ? run.taskName : 'Task run'}</Dialog.Title>
            <Dialog.Close className="-mr-2 inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-900">
              <X aria-hidden="true" className="size-5" />
              <span className="sr-only">Close</span>
            </Dialog.Close>
          </div>
          <div className="overflow-y-auto px-6 py-5">{run ? <RunResults key={run.id} listed={run} /> : null}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
