import { clsx } from 'clsx';
import { useHealth } from '../api/get-health';
import { statusAppearance, type BadgeState } from '../status-appearance';

/** The live state of /api/health, refreshed every minute. */
export function StatusBadge({ className }: { className?: string }) {
  const health = useHealth();

  // A failed refetch keeps the last answer in `data`; showing it would claim a state we no longer know.
  const state: BadgeState = health.status === 'error' ? 'unavailable' : health.status === 'pending' ? 'checking' : health.data.status;
  const { label, dot } = statusAppearance[state];

  return (
    <p
      role="status"
      className={clsx(
        'inline-flex w-fit items-center gap-2 rounded-full border border-slate-200 bg-white px-3 py-1 text-sm font-medium text-slate-700 shadow-xs',
        className,
      )}
    >
      <span aria-hidden="true" className={clsx('size-2 shrink-0 rounded-full', dot)} />
      {label}
    </p>
  );
}
