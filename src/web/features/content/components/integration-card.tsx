import { BookOpen, Settings2 } from 'lucide-react';
import { Link } from 'react-router';
import type { IntegrationEntry } from '#shared/content/integrations';
import { Badge } from '#web/components/ui/badge';
import { buttonClassName } from '#web/components/ui/button';
import { integrationDocsPath } from '#web/config/paths';

type IntegrationCardProps = {
  integration: IntegrationEntry;
  /** Where Setup leads for an available integration (the new-task form). */
  setupTo: string;
};

export function IntegrationCard({ integration, setupTo }: IntegrationCardProps) {
  const available = integration.status === 'available';
  const titleId = `integration-${integration.id}`;

  return (
    <article aria-labelledby={titleId} className="flex w-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <div className="flex items-start justify-between gap-4">
        <span
          aria-hidden="true"
          className="inline-flex size-11 items-center justify-center rounded-xl bg-indigo-50 font-mono text-sm font-bold text-indigo-700"
        >
          {integration.logo}
        </span>
        <Badge tone={available ? 'emerald' : 'slate'}>{available ? 'Available' : 'Coming soon'}</Badge>
      </div>
      <h3 id={titleId} className="mt-4 text-lg font-semibold text-slate-900">
        {integration.name}
      </h3>
      <p className="mt-1 text-sm text-slate-600">Setup: {integration.setupDifficulty}</p>
      <p className="mt-3 flex-1 text-sm leading-6 text-slate-700">{integration.description}</p>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link to={integrationDocsPath(integration.id)} className={buttonClassName({ variant: 'secondary', size: 'sm' })}>
          <BookOpen aria-hidden="true" className="size-4" />
          Documentation<span className="sr-only"> for {integration.name}</span>
        </Link>
        {available ? (
          <Link to={setupTo} className={buttonClassName({ size: 'sm' })}>
            <Settings2 aria-hidden="true" className="size-4" />
            Setup<span className="sr-only"> {integration.name}</span>
          </Link>
        ) : (
          <button type="button" disabled className={buttonClassName({ size: 'sm' })}>
            <Settings2 aria-hidden="true" className="size-4" />
            Setup<span className="sr-only"> {integration.name}</span>
          </button>
        )}
      </div>
    </article>
  );
}
