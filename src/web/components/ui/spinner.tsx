import { clsx } from 'clsx';

const sizes = {
  sm: 'size-4 border-2',
  md: 'size-6 border-2',
  lg: 'size-10 border-[3px]',
} as const;

type SpinnerProps = {
  size?: keyof typeof sizes;
  /** Read by screen readers; shown under the spinner when `showLabel` is set. */
  label?: string;
  showLabel?: boolean;
  className?: string;
};

export function Spinner({ size = 'md', label = 'Loading...', showLabel = false, className }: SpinnerProps) {
  return (
    <div role="status" className={clsx('inline-flex flex-col items-center gap-3', className)}>
      <span
        aria-hidden="true"
        className={clsx(
          'animate-spin rounded-full border-indigo-600 border-r-transparent motion-reduce:animate-[spin_2s_linear_infinite]',
          sizes[size],
        )}
      />
      <span className={showLabel ? 'text-sm font-medium text-slate-600' : 'sr-only'}>{label}</span>
    </div>
  );
}
