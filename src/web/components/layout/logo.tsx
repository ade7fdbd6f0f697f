import { clsx } from 'clsx';
import { productName } from '#shared/product';

/** The clock mark from the favicon beside the product name. */
export function Logo({ className, nameClassName }: { className?: string; nameClassName?: string }) {
  return (
    <span className={clsx('inline-flex items-center gap-2 text-lg font-bold tracking-tight text-slate-900', className)}>
      <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className="size-8 shrink-0">
        <rect width="32" height="32" rx="8" fill="#4f46e5" />
        <circle cx="16" cy="16" r="9" fill="none" stroke="#fff" strokeWidth="2.5" />
        <path d="M16 10v6l4 3" fill="none" stroke="#fff" strokeWidth="2.5" strokeLinecap="round" />
      </svg>
      {nameClassName ? <span className={nameClassName}>{productName}</span> : productName}
    </span>
  );
}
