import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { integrations, type IntegrationCategory, type IntegrationEntry } from '#shared/content/integrations';
import { buttonClassName } from '#web/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs';
import { IntegrationCard } from './integration-card';

type IntegrationTab = 'all' | IntegrationCategory;

export const integrationTabs: { value: IntegrationTab; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'ai', label: 'AI Services' },
  { value: 'notification', label: 'Notifications' },
  { value: 'integration', label: 'External Systems' },
  { value: 'storage', label: 'Data Storage' },
];

export function integrationsInTab(tab: IntegrationTab, entries: IntegrationEntry[] = integrations): IntegrationEntry[] {
  return tab === 'all' ? entries : entries.filter((entry) => entry.category === tab);
}

type IntegrationsBrowserProps = { setupTo: string; requestTo: string };

/** The catalogue in tabs by category; only All offers to request an integration that is not listed. */
export function IntegrationsBrowser({ setupTo, requestTo }: IntegrationsBrowserProps) {
  return (
    <Tabs defaultValue="all">
      <TabsList aria-label="Integration categories">
        {integrationTabs.map((tab) => (
          <TabsTrigger key={tab.value} value={tab.value}>
            {tab.label}
          </TabsTrigger>
        ))}
      </TabsList>
      {integrationTabs.map((tab) => (
        <TabsContent key={tab.value} value={tab.value}>
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {integrationsInTab(tab.value).map((integration) => (
              <li key={integration.id} className="flex">
                <IntegrationCard integration={integration} setupTo={setupTo} />
              </li>
            ))}
          </ul>
          {tab.value === 'all' ? (
            <div className="mt-8 flex flex-col items-start gap-3 rounded-2xl border border-dashed border-slate-300 p-6 sm:flex-row sm:items-center sm:justify-between">
              <p className="text-sm text-slate-700">Missing a service you use? Tell us which one and what it should do.</p>
              <Link to={requestTo} className={buttonClassName({ variant: 'secondary' })}>
                <Plus aria-hidden="true" className="size-4" />
                Request New Integration
              </Link>
            </div>
          ) : null}
        </TabsContent>
      ))}
    </Tabs>
  );
}
