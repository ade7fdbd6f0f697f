import { clsx } from 'clsx';

function capitalize(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}

/** Spec section 2, All Tasks: active is green, anything else grey. The word is shown too, so colour is not the only signal. */
export function AdminTaskStatus({ status }: { status: string }) {
  const active = status === 'active';
  return (
    <span
      data-status={status}
      className={clsx(
        'inline-flex w-fit items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
        active ? 'bg-emerald-50 text-emerald-800 ring-emerald-600/20' : 'bg-slate-100 text-slate-700 ring-slate-500/20',
      )}
    >
      <span aria-hidden="true" className={clsx('size-1.5 shrink-0 rounded-full', active ? 'bg-emerald-500' : 'bg-slate-400')} />
      {capitalize(status)}
    </span>
  );
}
