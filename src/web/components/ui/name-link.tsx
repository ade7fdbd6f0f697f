import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The name in a list row or table cell that opens the item's own page, as every list styles it. */
export function NameLink({ to, className, children }: { to: string; className?: string; children: ReactNode }) {
  return (
    <Link to={to} className={clsx('font-medium text-slate-900 hover:text-indigo-700 hover:underline', className)}>
      {children}
    </Link>
  );
}
