import { BookOpen, LifeBuoy } from 'lucide-react';
import { Link } from 'react-router';
import { featuredGuides } from '#shared/content/guides';
import { buttonClassName } from '#web/components/ui/button';
import { integrationDocsPath, paths } from '#web/config/paths';
import { AccentBanner } from '#web/features/content/components/accent-banner';
import { ContentPage, ContentSection } from '#web/features/content/components/content-page';
import { GuideSummary, GuidesBrowser } from '#web/features/content/components/guides-browser';

const quickReference = [
  { label: 'Quick Start Guide', to: paths.docsQuickstart },
  { label: 'Prompt templates', to: paths.promptTemplates },
  { label: 'Webhook signatures', to: integrationDocsPath('webhooks') },
  { label: 'API Reference', to: paths.docsApi },
];

export function GuidesRoute() {
  return (
    <ContentPage
      title="Guides"
      description="Step-by-step guides to writing prompts, scheduling them and delivering their results with Promptcron."
    >
      <ContentSection title="Featured guides">
        <ul className="grid gap-6 md:grid-cols-2">
          {featuredGuides.map((guide) => (
            <li key={guide.id} className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
              <AccentBanner accent={guide.image} className="h-24" />
              <div className="p-6">
                <p className="text-sm text-slate-600">
                  {guide.steps?.length} steps · {guide.readTime} · {guide.difficulty}
                </p>
                <GuideSummary guide={guide} titleClassName="mt-2 text-lg" />
              </div>
            </li>
          ))}
        </ul>
      </ContentSection>

      <ContentSection title="All guides">
        <GuidesBrowser />
      </ContentSection>

      <ContentSection title="Quick Reference">
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {quickReference.map((link) => (
            <li key={link.to}>
              <Link
                to={link.to}
                className="block rounded-xl border border-slate-200 bg-white px-4 py-3 font-medium text-indigo-700 hover:border-indigo-300"
              >
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </ContentSection>

      <div className="mt-12 flex flex-col gap-3 rounded-2xl bg-slate-50 p-6 sm:flex-row sm:items-center">
        <p className="flex-1 text-slate-700">Did not find what you were looking for?</p>
        <Link to={paths.contact} className={buttonClassName({ variant: 'secondary' })}>
          <LifeBuoy aria-hidden="true" className="size-4" />
          Contact Support
        </Link>
        <Link to={paths.docs} className={buttonClassName()}>
          <BookOpen aria-hidden="true" className="size-4" />
          Browse Documentation
        </Link>
      </div>
    </ContentPage>
  );
}
