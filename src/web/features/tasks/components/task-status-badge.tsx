import type { LastRun } from '#shared/runs/run.schema';
import { StatusPill, type StatusAppearance } from '#web/components/ui/status-pill';
import { runBadge, type DeliveryOutcomeKind } from '#web/lib/delivery-text';

// Spec section 4: active green, paused yellow, error red; finished (ADR 0118) and a status this build does not know
// yet show grey.
const appearance: Record<string, StatusAppearance> = {
  active: { label: 'Active', className: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20', dot: 'bg-emerald-500' },
  paused: { label: 'Paused', className: 'bg-amber-50 text-amber-800 ring-amber-600/25', dot: 'bg-amber-500' },
  error: { label: 'Error', className: 'bg-red-50 text-red-800 ring-red-600/20', dot: 'bg-red-500' },
  finished: { label: 'Finished', className: 'bg-slate-100 text-slate-700 ring-slate-500/20', dot: 'bg-slate-400' },
};

const awaitingAppearance: Record<string, StatusAppearance> = {
  awaiting: { label: 'Waiting for your approval', className: 'bg-amber-50 text-amber-800 ring-amber-600/25', dot: 'bg-amber-500' },
};

/** What an active task's status adds when its last result did not arrive (ADR 0106). */
const deliveryTrouble: Partial<Record<DeliveryOutcomeKind, string>> = {
  retrying: 'delivery retrying',
  failed: 'delivery failing',
  'not-delivered': 'not delivered',
};

/** Amber, not red: the task still runs on schedule; red stays the task status "Error". */
const troubledAppearance = { className: 'bg-amber-50 text-amber-800 ring-amber-600/25', dot: 'bg-amber-500' };

/**
 * A task's status as a coloured pill. Given the task's last run, an active task whose last result did not arrive reads
 * "Active · delivery failing" in amber rather than the green "Active" of a healthy one (ADR 0106).
 */
export function TaskStatusBadge({
  status,
  lastRun,
  awaitingApproval = false,
  className,
}: {
  status: string;
  lastRun?: LastRun | null;
  /** A paused task an API key made, which waits for its owner's Approve (ADR 0125). */
  awaitingApproval?: boolean;
  className?: string;
}) {
  if (awaitingApproval) {
    return <StatusPill data-status="awaiting-approval" status="awaiting" appearances={awaitingAppearance} className={className} />;
  }
  const delivery = status === 'active' && lastRun ? runBadge(lastRun).delivery : null;
  const trouble = delivery ? deliveryTrouble[delivery.kind] : undefined;
  const appearances = trouble ? { active: { label: `Active · ${trouble}`, ...troubledAppearance } } : appearance;
  return (
    <StatusPill
      data-status={status}
      data-delivery={trouble ? delivery?.kind : undefined}
      status={status}
      appearances={appearances}
      className={className}
    />
  );
}
