import { ArrowRight, BookOpen, Code2, Plug, Rocket } from 'lucide-react';
import { Link } from 'react-router';
import { integrations } from '#shared/content/integrations';
import { LinkCards, type LinkCard } from '#web/components/link-cards';
import { buttonClassName } from '#web/components/ui/button';
import { integrationDocsPath, paths } from '#web/config/paths';
import { ContentPage, ContentSection, Prose } from '#web/features/content/components/content-page';

const references: LinkCard[] = [
  {
    title: 'Quick Start Guide',
    description: 'From a fresh install to the first delivered result.',
    to: paths.docsQuickstart,
    icon: Rocket,
  },
  { title: 'API Reference', description: 'Every endpoint of this server, from its live OpenAPI document.', to: paths.docsApi, icon: Code2 },
  { title: 'Guides', description: 'Prompts, schedules, webhooks and failures, step by step.', to: paths.guides, icon: BookOpen },
  { title: 'Integrations', description: 'AI providers and delivery methods, and what is planned.', to: paths.integrations, icon: Plug },
];

export function DocsRoute() {
  return (
    <ContentPage
      title="Documentation"
      description="Everything you need to schedule AI prompts with Promptcron and receive their results by e-mail, signed webhook, Slack or Discord."
    >
      <ContentSection title="Getting started">
        <Prose
          paragraphs={[
            'A task in Promptcron is a prompt with an AI model, a schedule and a delivery. Schedules are hourly, daily, weekly or monthly at a time in your own time zone, or a custom five-field cron expression read in the time zone you choose. When a task is due, the scheduler starts a run, sends the prompt to the model and delivers the answer by e-mail, as a signed webhook, or to a Slack or Discord channel.',
            'Create an account, choose New Task on the dashboard, and use Run Now to see the first answer straight away. Every run stays in the task’s history with its status, duration and delivery attempts.',
          ]}
        />
        <Link to={paths.docsQuickstart} className={buttonClassName({ size: 'lg', className: 'mt-6' })}>
          Quick Start Guide
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </ContentSection>

      <ContentSection title="Reference">
        <LinkCards cards={references} />
      </ContentSection>

      <ContentSection title="Integration documentation">
        <ul className="flex flex-col gap-2">
          {integrations
            .filter((integration) => integration.status === 'available')
            .map((integration) => (
              <li key={integration.id}>
                <Link to={integrationDocsPath(integration.id)} className="font-medium text-indigo-700 hover:underline">
                  {integration.name}
                </Link>
                <span className="text-slate-600"> — {integration.description}</span>
              </li>
            ))}
        </ul>
      </ContentSection>
    </ContentPage>
  );
}
