import { clsx } from 'clsx';
import type { ReactNode, Ref } from 'react';

type PageIntroProps = {
  title: string;
  description: ReactNode;
  /** The page's main action (e.g. New Task): beside the title from the sm breakpoint, below it on phones. */
  action?: ReactNode;
  /** A description that is a name (a task's) ends in an ellipsis rather than wrapping; titles always do. */
  truncateDescription?: boolean;
  /** For pages that move focus to their heading after an action. */
  headingRef?: Ref<HTMLHeadingElement>;
};

/** A dashboard page's heading and one-line description, under the layout's page title. */
export function PageIntro({ title, description, action, truncateDescription = false, headingRef }: PageIntroProps) {
  const intro = (
    <div className="min-w-0">
      <h2
        ref={headingRef}
        tabIndex={headingRef ? -1 : undefined}
        className="truncate text-2xl font-bold tracking-tight text-slate-900 outline-none"
      >
        {title}
      </h2>
      <p className={clsx('mt-1 text-slate-600', truncateDescription && 'truncate')}>{description}</p>
    </div>
  );
  if (!action) return intro;
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
      {intro}
      {action}
    </div>
  );
}
