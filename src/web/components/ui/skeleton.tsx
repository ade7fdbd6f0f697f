import { clsx } from 'clsx';

/** A grey placeholder block shaped like the content that is on its way. */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={clsx('animate-pulse rounded-md bg-slate-200/80 motion-reduce:animate-none', className)} />;
}
