import { CalendarClock, Globe, Layers, Mail, ShieldCheck, Webhook } from 'lucide-react';
import { landingSectionIds } from '#web/config/paths';
import { type Feature, FeatureList } from './feature-list';
import { LandingSection } from './landing-section';

const features: Feature[] = [
  {
    title: 'Scheduled Tasks',
    description: 'Pick hourly, daily, weekly or monthly in your local time, or write a custom cron expression in any time zone.',
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
      <FeatureList features={features} look="row" headingLevel={3} className="mt-14 grid gap-x-8 gap-y-10 sm:grid-cols-2 lg:grid-cols-3" />
    </LandingSection>
  );
}
