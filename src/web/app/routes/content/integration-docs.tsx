import { useParams } from 'react-router';
import { findIntegration } from '#shared/content/integrations';
import { Badge } from '#web/components/ui/badge';
import { ContentPage } from '#web/features/content/components/content-page';
import { IntegrationDocs } from '#web/features/content/components/integration-docs';
import { NotFoundRoute } from '../not-found';

export function IntegrationDocsRoute() {
  const integration = findIntegration(useParams().integrationId ?? '');
  if (!integration) return <NotFoundRoute />;
  const available = integration.status === 'available';

  return (
    <ContentPage eyebrow="Integration documentation" title={integration.name} description={integration.description} parent="integrations">
      <p className="mb-6 flex flex-wrap items-center gap-3 text-sm text-slate-600">
        <Badge tone={available ? 'emerald' : 'slate'}>{available ? 'Available' : 'Coming soon'}</Badge>
        Setup difficulty: {integration.setupDifficulty}
      </p>
      <IntegrationDocs integration={integration} />
    </ContentPage>
  );
}
