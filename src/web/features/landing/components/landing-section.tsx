import { clsx } from 'clsx';
import type { ReactNode } from 'react';

type LandingSectionProps = {
  /** The section's anchor (`landingSectionIds`), which the header's links scroll to. */
  id: string;
  title: string;
  intro: string;
  /** On a slate band, to set it apart from the white sections beside it. */
  tinted?: boolean;
  width: 'narrow' | 'wide';
  children: ReactNode;
};

/** A section of the landing page below the hero: a centred heading and intro over its content. */
export function LandingSection({ id, title, intro, tinted = false, width, children }: LandingSectionProps) {
  const headingId = `${id}-heading`;
  return (
    // scroll-mt keeps the heading clear of the sticky header when a link scrolls here.
    <section id={id} aria-labelledby={headingId} className={clsx('scroll-mt-16', tinted && 'bg-slate-50', 'py-20 sm:py-28')}>
      <div className={clsx('mx-auto', width === 'narrow' ? 'max-w-3xl' : 'max-w-6xl', 'px-4 sm:px-6 lg:px-8')}>
        <div className="mx-auto max-w-2xl text-center">
          <h2 id={headingId} className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            {title}
          </h2>
          <p className="mt-4 text-lg leading-8 text-slate-600">{intro}</p>
        </div>
        {children}
      </div>
    </section>
  );
}
