import { integrations } from '#shared/content/integrations';
import { paths } from '#web/config/paths';
import { ContentPage, ContentSection } from '#web/features/content/components/content-page';
import { IntegrationDocs } from '#web/features/content/components/integration-docs';
import { IntegrationsBrowser } from '#web/features/content/components/integrations-browser';

export function IntegrationsRoute() {
  const available = integrations.filter((integration) => integration.status === 'available');

  return (
    <ContentPage
      title="Integrations"
      description="The AI services Promptcron runs your prompts on and the ways it delivers their results, available today and planned."
    >
      <ContentSection title="Browse integrations">
        <IntegrationsBrowser setupTo={paths.dashboardNewTask} requestTo={paths.contact} />
      </ContentSection>

      <ContentSection title="Detailed documentation" id="documentation">
        <div className="flex flex-col gap-12">
          {available.map((integration) => (
            <article key={integration.id} aria-labelledby={`docs-${integration.id}`}>
              <h3 id={`docs-${integration.id}`} className="text-xl font-semibold text-slate-900">
                {integration.name}
              </h3>
              <div className="mt-3">
                <IntegrationDocs integration={integration} headingLevel={4} />
              </div>
            </article>
          ))}
        </div>
      </ContentSection>
    </ContentPage>
  );
}
