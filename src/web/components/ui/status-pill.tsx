import { clsx } from 'clsx';
import type { ComponentProps } from 'react';

export type StatusAppearance = { label: string; className: string; dot: string };

const unknownStatus = { className: 'bg-slate-100 text-slate-700 ring-slate-500/20', dot: 'bg-slate-400' };

function capitalize(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}

type StatusPillProps = ComponentProps<'span'> & {
  status: string;
  /** How each known status looks; one this build does not know yet shows grey, its word capitalised. */
  appearances: Record<string, StatusAppearance>;
  /** The dot pulses, for a status that is under way. */
  pulse?: boolean;
};

/** A status as a coloured pill with a dot. The word is always shown, so the colour is never the only signal. */
export function StatusPill({ status, appearances, pulse = false, className, ...props }: StatusPillProps) {
  const known = appearances[status];
  const { className: tone, dot } = known ?? unknownStatus;
  return (
    <span
      {...props}
      className={clsx(
        // A long status ("Not delivered: confirm your e-mail address") wraps on a phone rather than widen the page.
        'inline-flex w-fit max-w-full items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset max-sm:rounded-xl sm:whitespace-nowrap',
        tone,
        className,
      )}
    >
      <span
        aria-hidden="true"
        className={clsx('size-1.5 shrink-0 rounded-full', dot, pulse && 'animate-pulse motion-reduce:animate-none')}
      />
      {known?.label ?? capitalize(status)}
    </span>
  );
}
