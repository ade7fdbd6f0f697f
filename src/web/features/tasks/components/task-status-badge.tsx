import { StatusPill, type StatusAppearance } from '#web/components/ui/status-pill';

// Spec section 4: active green, paused yellow, error red; a status this build does not know yet shows grey.
const appearance: Record<string, StatusAppearance> = {
  active: { label: 'Active', className: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20', dot: 'bg-emerald-500' },
  paused: { label: 'Paused', className: 'bg-amber-50 text-amber-800 ring-amber-600/25', dot: 'bg-amber-500' },
  error: { label: 'Error', className: 'bg-red-50 text-red-800 ring-red-600/20', dot: 'bg-red-500' },
};

/** A task's status as a coloured pill. */
export function TaskStatusBadge({ status, className }: { status: string; className?: string }) {
  return <StatusPill data-status={status} status={status} appearances={appearance} className={className} />;
}
