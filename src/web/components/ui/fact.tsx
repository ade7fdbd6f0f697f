import { clsx } from 'clsx';
import type { ReactNode } from 'react';

/** One term and its value in a `<dl>` of small facts, e.g. a run's provider, tokens and duration. */
export function Fact({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={clsx('flex min-w-0 flex-col gap-0.5', className)}>
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="text-sm break-words text-slate-900">{children}</dd>
    </div>
  );
}
