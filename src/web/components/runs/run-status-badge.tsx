import { StatusPill, type StatusAppearance } from '#web/components/ui/status-pill';

// Spec section 3: processing, completed, error; any other value (skipped, …) grey. The word is always shown too.
const statusAppearance: Record<string, StatusAppearance> = {
  processing: { label: 'Processing', className: 'bg-indigo-50 text-indigo-800 ring-indigo-600/20', dot: 'bg-indigo-500' },
  completed: { label: 'Completed', className: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20', dot: 'bg-emerald-500' },
  error: { label: 'Error', className: 'bg-red-50 text-red-800 ring-red-600/20', dot: 'bg-red-500' },
};

/** A run's status as a coloured pill; shared by the overview, the history and a task's run history. */
export function RunStatusBadge({ status }: { status: string }) {
  return <StatusPill data-run-status={status} status={status} appearances={statusAppearance} pulse={status === 'processing'} />;
}
