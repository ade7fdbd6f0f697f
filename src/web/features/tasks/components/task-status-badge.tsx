import { clsx } from 'clsx';

// Spec section 4: active green, paused yellow, error red; a status this build does not know yet shows grey.
const appearance: Record<string, { label: string; className: string; dot: string }> = {
  active: { label: 'Active', className: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20', dot: 'bg-emerald-500' },
  paused: { label: 'Paused', className: 'bg-amber-50 text-amber-800 ring-amber-600/25', dot: 'bg-amber-500' },
  error: { label: 'Error', className: 'bg-red-50 text-red-800 ring-red-600/20', dot: 'bg-red-500' },
};

const unknown = { className: 'bg-slate-100 text-slate-700 ring-slate-500/20', dot: 'bg-slate-400' };

function capitalize(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}

/** A task's status as a coloured pill. The word is always shown, so the colour is never the only signal. */
export function TaskStatusBadge({ status, className }: { status: string; className?: string }) {
  const known = appearance[status];
  const { className: tone, dot } = known ?? unknown;
  return (
    <span
      data-status={status}
      className={clsx(
        'inline-flex w-fit items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
        tone,
        className,
      )}
    >
      <span aria-hidden="true" className={clsx('size-1.5 shrink-0 rounded-full', dot)} />
      {known?.label ?? capitalize(status)}
    </span>
  );
}
