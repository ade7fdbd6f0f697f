import { clsx } from 'clsx';
import type { ComponentProps } from 'react';

/** Text-like input look; also used by <select> so form controls line up. */
export const inputClassName = clsx(
  'block h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm transition-colors',
  'placeholder:text-slate-400 hover:border-slate-400',
  // The global ring sits 2px outside; on a bordered field it reads better hugging the border.
  'focus-visible:border-indigo-600 focus-visible:outline-offset-0',
  'aria-[invalid=true]:border-red-500 aria-[invalid=true]:focus-visible:border-red-600 aria-[invalid=true]:focus-visible:outline-red-600',
  'disabled:cursor-not-allowed disabled:bg-slate-50 disabled:opacity-60',
);

// Only inputs: a <select> always matches :read-only in CSS and would look inert with these.
const readOnlyClassName = 'read-only:cursor-default read-only:bg-slate-50 read-only:text-slate-600 read-only:hover:border-slate-300';

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={clsx(inputClassName, readOnlyClassName, className)} {...props} />;
}
