import { ArrowRight, CalendarClock, ExternalLink, Layers, Webhook } from 'lucide-react';
import { Link } from 'react-router';
import { heroHeading, tagline } from '#shared/product';
import { buttonClassName } from '#web/components/ui/button';
import { paths } from '#web/config/paths';
import { type Feature, FeatureList } from './feature-list';

const highlights: Feature[] = [
  {
    title: 'Schedule Anything',
    description: 'Run a prompt hourly, daily, weekly, monthly or on your own cron expression.',
    Icon: CalendarClock,
  },
  {
    title: 'Multiple AI Models',
    description: 'Choose the AI provider and model that suits each task.',
    Icon: Layers,
  },
  {
    title: 'API Integration',
    description: 'Send every result to your own systems through a signed webhook.',
    Icon: Webhook,
  },
];

type HeroProps = {
  /** Unknown until the site configuration has loaded. */
  waitlistUrl: string | undefined;
};

export function Hero({ waitlistUrl }: HeroProps) {
  // "Time-Triggered" carries the accent; the split follows the heading text, not a second copy of it.
  const [accent, ...rest] = heroHeading.split(' ');

  return (
    <section aria-labelledby="hero-heading" className="relative isolate overflow-hidden">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(60rem_30rem_at_50%_-10%,var(--color-indigo-100),transparent)]"
      />
      <div className="mx-auto max-w-6xl px-4 pt-20 pb-16 sm:px-6 sm:pt-28 lg:px-8">
        <div className="mx-auto max-w-3xl text-center">
          <h1 id="hero-heading" className="text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-6xl">
            <span className="text-indigo-600">{accent}</span> {rest.join(' ')}
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg leading-8 text-pretty text-slate-600 sm:text-xl">{tagline}</p>
          <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row">
            {waitlistUrl ? (
              <a
                href={waitlistUrl}
                target="_blank"
                rel="noopener noreferrer"
                className={buttonClassName({ size: 'lg', className: 'w-full sm:w-auto' })}
              >
                Join Waitlist
                <ExternalLink aria-hidden="true" className="size-4" />
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            ) : (
              // Same size as the real link so nothing moves when the configuration arrives.
              <span role="link" aria-disabled="true" className={buttonClassName({ size: 'lg', className: 'w-full sm:w-auto' })}>
                Join Waitlist
                <ExternalLink aria-hidden="true" className="size-4" />
              </span>
            )}
            <Link to={paths.register} className={buttonClassName({ variant: 'secondary', size: 'lg', className: 'w-full sm:w-auto' })}>
              Get Started
              <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
          </div>
        </div>

        <FeatureList
          features={highlights}
          look="card"
          headingLevel={2}
          className="mx-auto mt-16 grid max-w-5xl gap-4 sm:mt-20 md:grid-cols-3"
        />
      </div>
    </section>
  );
}
