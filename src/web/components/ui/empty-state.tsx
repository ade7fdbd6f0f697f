import type { ReactNode } from 'react';

type EmptyStateProps = {
  icon: ReactNode;
  title: string;
  /** A heading where the page's outline should list it; a plain line otherwise. */
  heading?: boolean;
  /** What to say or offer next: a hint, a button. */
  children?: ReactNode;
};

/** What a list page shows in place of its results when there are none (yet, or for these filters), or none to show. */
export function EmptyState({ icon, title, heading = false, children }: EmptyStateProps) {
  const Title = heading ? 'h3' : 'p';
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <span className="inline-flex size-12 items-center justify-center rounded-full bg-indigo-50 text-indigo-600">{icon}</span>
      <Title className="text-base font-semibold text-slate-900">{title}</Title>
      {children}
    </div>
  );
}
