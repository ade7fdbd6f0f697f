import { Link } from 'react-router';
import { paths } from '#web/config/paths';
import { ContentPage, ContentSection, Prose, StepList } from '#web/features/content/components/content-page';

const installSteps = [
  'Install Node.js 20.19 or newer.',
  'Run npm install && npm start. The product starts at http://localhost:3000 on an embedded PostgreSQL kept in ./data.',
  'Set OPENAI_API_KEY before starting so runs can call OpenAI; without it a run ends with “OpenAI has no API key on this server”.',
  'Set SMTP_URL to send real e-mail; without it messages are written to DATA_DIR/outbox.',
];

const firstTaskSteps = [
  'Open the site and choose Get Started. The first account of a fresh install becomes its administrator.',
  'On the dashboard, choose New Task and give it a name.',
  'Keep OpenAI with GPT-5 nano, or pick another model.',
  'Write a prompt of at least 10 characters that says what to answer and in which format.',
  'Choose a schedule: hourly, daily, weekly, monthly at a local time, or a custom cron expression in the time zone you choose.',
  'Keep e-mail delivery with your address, or choose Webhook and enter your endpoint’s URL.',
  'Choose Create Task, open the task and press Run Now. The result arrives within seconds and appears in the run history.',
];

export function QuickstartRoute() {
  return (
    <ContentPage
      parent="docs"
      title="Quick Start Guide"
      description="Start Promptcron, create your first scheduled task and receive its first result in a few minutes."
    >
      <ContentSection title="1. Start the server">
        <StepList steps={installSteps} />
      </ContentSection>
      <ContentSection title="2. Create your first task">
        <StepList steps={firstTaskSteps} />
      </ContentSection>
      <ContentSection title="3. What happens next">
        <Prose
          paragraphs={[
            'The scheduler runs the task at each due time. If the server was down, the task catches up once for its latest missed time within its catch-up window (an hour unless you choose another). After five failed runs in a row it stops and you get an e-mail.',
          ]}
        />
        <p className="mt-4 text-base text-slate-700">
          Continue with the{' '}
          <Link to={paths.guides} className="font-medium text-indigo-700 hover:underline">
            guides
          </Link>{' '}
          or the{' '}
          <Link to={paths.docsApi} className="font-medium text-indigo-700 hover:underline">
            API reference
          </Link>
          .
        </p>
      </ContentSection>
    </ContentPage>
  );
}
