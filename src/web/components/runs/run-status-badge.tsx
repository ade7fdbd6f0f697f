import { clsx } from 'clsx';

// Spec section 3: processing, completed, error; any other value (skipped, …) grey. The word is always shown too.
const statusAppearance: Record<string, { label: string; className: string; dot: string }> = {
  processing: { label: 'Processing', className: 'bg-indigo-50 text-indigo-800 ring-indigo-600/20', dot: 'bg-indigo-500' },
  completed: { label: 'Completed', className: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20', dot: 'bg-emerald-500' },
  error: { label: 'Error', className: 'bg-red-50 text-red-800 ring-red-600/20', dot: 'bg-red-500' },
};
const otherStatus = { className: 'bg-slate-100 text-slate-700 ring-slate-500/20', dot: 'bg-slate-400' };

function capitalize(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}

/** A run's status as a coloured pill; shared by the overview, the history and a task's run history. */
export function RunStatusBadge({ status }: { status: string }) {
  const known = statusAppearance[status];
  const { className, dot } = known ?? otherStatus;
  return (
    <span
      data-run-status={status}
      className={clsx(
        'inline-flex w-fit items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
        className,
      )}
    >
      <span
        aria-hidden="true"
        className={clsx('size-1.5 shrink-0 rounded-full', dot, status === 'processing' && 'animate-pulse motion-reduce:animate-none')}
      />
      {known?.label ?? capitalize(status)}
    </span>
  );
}
