import type { IntegrationEntry } from '#shared/content/integrations';
import { StepList } from './content-page';

/** Setup steps and the example configuration of an available integration. */
/** `headingLevel` is one below the heading that names the integration where the documentation is shown. */
export function IntegrationDocs({ integration, headingLevel = 2 }: { integration: IntegrationEntry; headingLevel?: 2 | 4 }) {
  const Heading = `h${headingLevel}` as const;
  const config = integration.exampleConfiguration;

  return (
    <div className="flex max-w-3xl flex-col gap-6 text-base leading-7 text-slate-700">
      <p>{integration.detailedDescription}</p>
      {integration.setupSteps.length > 0 ? (
        <div>
          <Heading className="text-lg font-semibold text-slate-900">Setup steps</Heading>
          <StepList steps={integration.setupSteps} className="mt-3" />
        </div>
      ) : null}
      <div>
        <Heading className="text-lg font-semibold text-slate-900">Example use</Heading>
        <p className="mt-2">{integration.exampleUse}</p>
      </div>
      {config ? (
        <div>
          <Heading className="text-lg font-semibold text-slate-900">Example configuration</Heading>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm">
            <dt className="font-medium text-slate-900">Model</dt>
            <dd className="font-mono">{config.model}</dd>
            <dt className="font-medium text-slate-900">Temperature</dt>
            <dd className="font-mono">{config.temperature}</dd>
            <dt className="font-medium text-slate-900">Max tokens</dt>
            <dd>
              <span className="font-mono">{config.maxTokens}</span>
              {/* Tasks have no length setting; saying so keeps the example honest. */}
              <span className="text-slate-600"> (ask for it in the prompt, e.g. “answer in at most {config.maxTokens} tokens”)</span>
            </dd>
            <dt className="font-medium text-slate-900">Retries</dt>
            <dd>
              <span className="font-mono">{config.retries}</span>
              <span className="text-slate-600"> (the server retries a rate-limited or failing provider call this often)</span>
            </dd>
          </dl>
        </div>
      ) : null}
    </div>
  );
}
