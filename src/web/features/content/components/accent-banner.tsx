import { clsx } from 'clsx';
import type { ContentAccent } from '#shared/content/accent';

const gradients: Record<ContentAccent, string> = {
  indigo: 'from-indigo-500 to-sky-400',
  violet: 'from-violet-500 to-fuchsia-400',
  emerald: 'from-emerald-500 to-teal-400',
  amber: 'from-amber-500 to-orange-400',
  rose: 'from-rose-500 to-pink-400',
  sky: 'from-sky-500 to-cyan-400',
  lime: 'from-lime-500 to-emerald-400',
  slate: 'from-slate-500 to-slate-400',
};

/** The decorative banner that stands in for a post's or guide's photo. */
export function AccentBanner({ accent, className }: { accent: ContentAccent; className?: string }) {
  return <div aria-hidden="true" className={clsx('bg-gradient-to-br', gradients[accent], className)} />;
}
