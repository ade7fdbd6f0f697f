import { CalendarClock, Globe, Layers, Mail, ShieldCheck, Webhook } from 'lucide-react';
import { landingSectionIds } from '#web/config/paths';
import { LandingSection } from './landing-section';

const features = [
  {
    title: 'Scheduled Tasks',
    description: 'Pick hourly, daily, weekly or monthly in your local time, or write a custom cron expression in UTC.',
    Icon: CalendarClock,
  },
  {
    title: 'Email Delivery',
    description: 'Receive each result by e-mail as soon as the run finishes.',
    Icon: Mail,
  },
  {
    title: 'Web Queries',
    description: 'Let a prompt search the web so its answer draws on current information.',
    Icon: Globe,
  },
  {
    title: 'Webhook Triggers',
    description: 'Have each result posted as JSON to your endpoint, signed so you can verify where it came from.',
    Icon: Webhook,
  },
  {
    title: 'Multiple AI Providers',
    description: 'Choose the provider and model for every task separately.',
    Icon: Layers,
  },
  {
    title: 'Secure & Private',
    description: 'Your tasks, prompts and results are visible only to your own account.',
    Icon: ShieldCheck,
  },
];

export function FeaturesSection() {
  return (
    <LandingSection
      id={landingSectionIds.features}
      title="Features"
      intro="Everything you need to put an AI prompt on a schedule and get its answer where you work."
      tinted
      width="wide"
    >
      <ul className="mt-14 grid gap-x-8 gap-y-10 sm:grid-cols-2 lg:grid-cols-3">
        {features.map(({ title, description, Icon }) => (
          <li key={title} className="flex gap-4">
            <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-indigo-600 text-white">
              <Icon aria-hidden="true" className="size-5" />
            </span>
            <div>
              <h3 className="text-base font-semibold text-slate-900">{title}</h3>
              <p className="mt-1 text-sm leading-6 text-slate-600">{description}</p>
            </div>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}
