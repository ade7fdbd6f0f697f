import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '#web/config/paths';
import { ApiReference } from '#web/features/content/components/api-reference';
import { ContentPage, ContentSection } from '#web/features/content/components/content-page';
import { useSiteOrigin } from '#web/lib/site-origin';

const apiKeysSettingsPath = `${paths.dashboardSettings}?tab=api-keys`;

function Code({ children }: { children: ReactNode }) {
  return <code className="font-mono text-sm">{children}</code>;
}

export function ApiDocsRoute() {
  // The page is served by the server it documents, so the examples call this very origin.
  const baseUrl = useSiteOrigin();

  return (
    <ContentPage
      parent="docs"
      title="API Reference"
      description="The JSON API of this Promptcron server, listed from its live OpenAPI document at /api/openapi.json."
    >
      <p className="mb-8 max-w-3xl text-base leading-7 text-slate-700">
        Requests and answers are JSON under <Code>/api</Code>. Scripts and other services authenticate with an API key; the app itself signs
        in with <Code>POST /api/auth/sign-in/email</Code> and uses the session cookie. Errors always have the shape{' '}
        <Code>{'{ "error": { "code", "message", "fields" } }'}</Code>. The full document, with request and response schemas, is at{' '}
        <a href="/api/openapi.json" className="font-medium text-indigo-700 hover:underline">
          /api/openapi.json
        </a>
        .
      </p>
      <ContentSection title="Authentication">
        <div className="flex max-w-3xl flex-col gap-4 text-base leading-7 text-slate-700">
          <p>
            Create a key in{' '}
            <Link to={apiKeysSettingsPath} className="font-medium text-indigo-700 hover:underline">
              Settings → API Keys
            </Link>
            . It is shown once, so keep it somewhere safe, then send it with every request:
          </p>
          <pre className="overflow-x-auto rounded-lg bg-slate-900 px-4 py-3 font-mono text-sm leading-6 text-slate-100">
            <code>{`export PROMPTCRON_KEY=pc_…\ncurl "${baseUrl}/api/tasks" -H "Authorization: Bearer $PROMPTCRON_KEY"`}</code>
          </pre>
          <ul className="flex list-disc flex-col gap-2 pl-6">
            <li>
              <strong className="font-semibold text-slate-900">Scopes.</strong> A <Code>read</Code> key may only make GET requests (anything
              else answers 403); a <Code>write</Code> key may also create, change, run and delete tasks. Keys work on tasks, runs, the
              dashboard and <Code>GET /api/me</Code>, as the user who created them. Routes marked “browser session only” below, such as
              settings, account, key management and administration, refuse keys with 401.
            </li>
            <li>
              <strong className="font-semibold text-slate-900">Revoked and expired keys</strong> answer 401, and so do the keys of a
              suspended account.
            </li>
            <li>
              <strong className="font-semibold text-slate-900">Rate limit.</strong> Each key may make a fixed number of requests a minute.
              Every answer to a key request carries <Code>RateLimit-Limit</Code>, <Code>RateLimit-Remaining</Code> and{' '}
              <Code>RateLimit-Reset</Code> (seconds until the window resets); over the limit the answer is 429 with <Code>Retry-After</Code>{' '}
              in seconds.
            </li>
            <li>
              <strong className="font-semibold text-slate-900">Safe retries.</strong> Send an <Code>Idempotency-Key</Code> header (any
              unique string) with <Code>POST /api/tasks</Code>: for 24 hours a retry with the same key and body returns the first answer
              instead of creating a second task; the same key with a different body answers 422 <Code>idempotency_key_reused</Code>.
            </li>
          </ul>
        </div>
      </ContentSection>
      <div className="mt-12">
        <ApiReference baseUrl={baseUrl} />
      </div>
    </ContentPage>
  );
}
