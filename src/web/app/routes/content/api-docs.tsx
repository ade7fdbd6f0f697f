import { paths } from '../../../config/paths';
import { ApiReference } from '../../../features/content/components/api-reference';
import { ContentPage } from '../../../features/content/components/content-page';

export function ApiDocsRoute() {
  return (
    <ContentPage
      eyebrow="Documentation"
      title="API Reference"
      description="The JSON API of this Promptcron server, listed from its live OpenAPI document at /api/openapi.json."
      back={{ to: paths.docs, label: 'Back to Documentation' }}
    >
      <p className="mb-8 max-w-3xl text-base leading-7 text-slate-700">
        Requests and answers are JSON under <code className="font-mono text-sm">/api</code>. Sign in with{' '}
        <code className="font-mono text-sm">POST /api/auth/sign-in/email</code>; the session cookie then authorises every call.
        Errors always have the shape <code className="font-mono text-sm">{'{ "error": { "code", "message", "fields" } }'}</code>.
        The full document, with request and response schemas, is at{' '}
        <a href="/api/openapi.json" className="font-medium text-indigo-700 hover:underline">
          /api/openapi.json
        </a>
        .
      </p>
      <ApiReference />
    </ContentPage>
  );
}
