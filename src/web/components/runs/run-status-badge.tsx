import type { Run } from '#shared/runs/run.schema';
import { StatusPill, type StatusAppearance } from '#web/components/ui/status-pill';
import { runBadge, type RunBadgeTone } from '#web/lib/delivery-text';

// Spec section 3: processing, completed, error; any other value (skipped, …) grey. Amber (the colour of "Paused", whose
// contrast holds in both themes) when a completed run's result did not arrive. The words are always shown too.
export const runBadgeTones: Record<RunBadgeTone, Omit<StatusAppearance, 'label'>> = {
  progress: { className: 'bg-indigo-50 text-indigo-800 ring-indigo-600/20', dot: 'bg-indigo-500' },
  success: { className: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20', dot: 'bg-emerald-500' },
  warning: { className: 'bg-amber-50 text-amber-800 ring-amber-600/25', dot: 'bg-amber-500' },
  failure: { className: 'bg-red-50 text-red-800 ring-red-600/20', dot: 'bg-red-500' },
  neutral: { className: 'bg-slate-100 text-slate-700 ring-slate-500/20', dot: 'bg-slate-400' },
};

type BadgeRun = Pick<Run, 'status' | 'deliveryStatus' | 'deliveryError'> & { deliveryNextAttemptAt?: string | null };

/**
 * A run's status as a coloured pill, with its delivery when the result did not arrive ("Completed · delivery failed");
 * shared by the overview, the history, a task's run history and the task list.
 */
export function RunStatusBadge({ run }: { run: BadgeRun }) {
  const { label, tone, delivery } = runBadge(run);
  return (
    <StatusPill
      data-run-status={run.status}
      data-delivery={delivery?.kind}
      status={run.status}
      appearances={{ [run.status]: { label, ...runBadgeTones[tone] } }}
      pulse={run.status === 'processing'}
    />
  );
}
