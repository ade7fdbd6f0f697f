import type { ContentAccent } from './accent';

/**
 * The guides (spec section 3): nine guides in four categories, two of them featured with numbered steps, plus the
 * prompt-templates guide the Quick Reference links to.
 */

export const guideCategories = ['Getting Started', 'Task Creation', 'Scheduling', 'Advanced'] as const;
export type GuideCategory = (typeof guideCategories)[number];

export type GuideDifficulty = 'Beginner' | 'Intermediate' | 'Advanced';

export interface GuideSection {
  heading: string;
  paragraphs: string[];
}

export interface GuideEntry {
  id: string;
  title: string;
  description: string;
  /** The colour of the decorative banner that stands in for a photo, so the pages load no images. */
  image: ContentAccent;
  category: GuideCategory;
  readTime: string;
  difficulty: GuideDifficulty;
  /** Featured guides walk through numbered steps. */
  steps?: string[];
  sections: GuideSection[];
}

export const guides: GuideEntry[] = [
  {
    id: 'your-first-task',
    title: 'Your first scheduled task',
    description: 'Create an account, write a prompt and get its first answer by e-mail in five minutes.',
    image: 'indigo',
    category: 'Getting Started',
    readTime: '5 min',
    difficulty: 'Beginner',
    steps: [
      'Create an account on the Get Started page (your password needs 15 characters with upper and lower case letters, a digit and a special character).',
      'Open the dashboard and choose New Task.',
      'Give the task a name of at least 2 characters and, if you like, a description.',
      'Keep OpenAI and GPT-5 nano, or pick another model.',
      'Write the prompt: at least 10 characters saying what you want and in which format.',
      'Choose Daily and a time; it is shown and entered in your own time zone.',
      'Keep Email delivery with your address and choose Create Task.',
      'Open the task and press Run Now to see the first answer straight away.',
    ],
    sections: [
      {
        heading: 'What you get',
        paragraphs: [
          'The task now runs every day at the time you chose. Each run appears in the task’s history with its status, duration and delivery, and the answer arrives in your inbox.',
        ],
      },
    ],
  },
  {
    id: 'webhook-delivery',
    title: 'Deliver results to your own system with webhooks',
    description: 'Receive each result as signed JSON and verify that it really came from Promptcron.',
    image: 'emerald',
    category: 'Advanced',
    readTime: '10 min',
    difficulty: 'Advanced',
    steps: [
      'Expose an HTTPS endpoint on a public address that accepts POST requests with a JSON body.',
      'Create or edit a task and choose Webhook as the delivery method; enter the endpoint’s URL.',
      'Copy the task’s signing secret (it starts with whsec_) from the task page.',
      'In the endpoint, compute the HMAC-SHA256 of "webhook-id.webhook-timestamp.body" with the secret and compare it with webhook-signature.',
      'Answer with a 2xx status within 15 seconds; remember webhook-id to ignore retries you have already handled.',
      'Press Run Now and check the delivery attempts in the task’s run history.',
    ],
    sections: [
      {
        heading: 'The payload',
        paragraphs: [
          'The body is { "type": "task.run.completed" | "task.run.failed", "task": { id, name, provider, model }, "run": { id, status, startedAt, completedAt, durationMs, result, error, … } }.',
          'A failed attempt is retried over about a day. If the secret leaks, create a new one on the task page; the old one stops working at once.',
        ],
      },
    ],
  },
  {
    id: 'choosing-a-model',
    title: 'Choosing a model',
    description: 'Which OpenAI model to pick, when web search helps, and what temperature does.',
    image: 'violet',
    category: 'Getting Started',
    readTime: '4 min',
    difficulty: 'Beginner',
    sections: [
      {
        heading: 'The models',
        paragraphs: [
          'GPT-5 nano is the default: fast and inexpensive, good for summaries and short reports. GPT-5 mini and GPT-4.1 handle longer, more careful answers; GPT-4.1 mini sits in between; o4-mini reasons step by step; GPT-5 Chat is tuned for conversation.',
          'Every model except GPT-5 Chat can search the web. Turn search on in the advanced prompt settings when the answer needs today’s information.',
        ],
      },
      {
        heading: 'Temperature',
        paragraphs: [
          'Temperature goes from 0 to 2 in steps of 0.1 (default 1). Lower values give steadier answers. GPT-5 mini, GPT-5 nano and o4-mini accept only their default, so Promptcron leaves the setting out for them.',
        ],
      },
    ],
  },
  {
    id: 'writing-effective-prompts',
    title: 'Writing effective prompts for scheduled runs',
    description: 'Give each prompt a clear job, audience, format and length so every run is useful.',
    image: 'rose',
    category: 'Task Creation',
    readTime: '6 min',
    difficulty: 'Beginner',
    sections: [
      {
        heading: 'Say what, for whom and how',
        paragraphs: [
          'Name the task the model does (“summarise”, “draft”, “list”), the reader (“for a busy engineering manager”) and the shape of the answer (“five bullet points”, “a table with three columns”).',
          'Results are Markdown: e-mails render headings, lists and links, and webhooks receive the text as is.',
        ],
      },
      {
        heading: 'Try before you schedule',
        paragraphs: [
          'Run Now shows the answer within seconds. Adjust the prompt until one run is what you want, then let the schedule take over.',
        ],
      },
    ],
  },
  {
    id: 'email-delivery',
    title: 'Getting results by e-mail',
    description: 'How result e-mails look, where they go, and what happens when sending fails.',
    image: 'sky',
    category: 'Task Creation',
    readTime: '3 min',
    difficulty: 'Beginner',
    sections: [
      {
        heading: 'The message',
        paragraphs: [
          'Each finished run sends one e-mail whose subject names the task. The answer is rendered from Markdown to HTML, with a plain-text copy for simple mail clients.',
          'Sending that fails is retried after 1 minute, 5 minutes, 30 minutes and 2 hours. The AI call is not repeated; only the e-mail is.',
        ],
      },
    ],
  },
  {
    id: 'simple-schedules',
    title: 'Hourly, daily, weekly and monthly schedules',
    description: 'How the simple schedules fire, in your time zone and across daylight saving changes.',
    image: 'amber',
    category: 'Scheduling',
    readTime: '4 min',
    difficulty: 'Beginner',
    sections: [
      {
        heading: 'When each one runs',
        paragraphs: [
          'Hourly runs every hour at the minute of the time you pick. Daily runs at that time every day. Weekly runs on the weekday of the start date, and monthly on its day of the month; the 31st runs on the last day of shorter months.',
          'Times are entered, stored and shown in your time zone, so a 09:00 task stays at 09:00 when the clocks change.',
          'On the night the clocks go forward, a time that does not exist runs at the first minute after it, or that day is skipped; on the night they go back, a time that happens twice runs once, at the first, or at both (a schedule that runs every hour or more often keeps elapsed time and runs in both). You choose under Daylight saving, and the form warns you of such a day in the coming year.',
        ],
      },
    ],
  },
  {
    id: 'custom-cron',
    title: 'Custom cron expressions',
    description: 'Five-field cron in the time zone you choose, for schedules the simple options cannot express.',
    image: 'lime',
    category: 'Scheduling',
    readTime: '5 min',
    difficulty: 'Intermediate',
    sections: [
      {
        heading: 'The format',
        paragraphs: [
          'Five fields: minute, hour, day of month, month, day of week, or a macro: @hourly, @daily, @weekly, @monthly, @yearly. “30 7 * * 1-5” runs at 07:30 on weekdays; “0 */6 * * *” every six hours; “0 9 1,15 * *” at 09:00 on the 1st and 15th.',
          'The expression is read in its cron time zone: the task’s own unless you pick another (cron tasks created before zones existed keep UTC). Nothing runs before the start date. The form checks the expression as you type and previews the next ten runs, with a note on any that daylight saving moves.',
        ],
      },
    ],
  },
  {
    id: 'missed-runs-and-failures',
    title: 'Missed runs, retries and failures',
    description: 'What Promptcron does after downtime, when a provider fails, and when a task stops itself.',
    image: 'slate',
    category: 'Scheduling',
    readTime: '5 min',
    difficulty: 'Intermediate',
    sections: [
      {
        heading: 'Catching up',
        paragraphs: [
          'If the server was down when a task was due, the task runs once for the latest missed time if that is within its catch-up window (an hour unless you choose another, from none to 7 days); otherwise it waits for the next one. Skipped times are recorded in the history. A time that comes while the previous run is still going is skipped too, or, if you choose "Keep one waiting", runs as soon as that run ends. To run past times that never ran, use Backfill… on the task’s page.',
        ],
      },
      {
        heading: 'Failures',
        paragraphs: [
          'Rate limits and server errors of the provider are retried within the run. After five failed runs in a row the task moves to the error status, stops, and you get an e-mail. Resume it once the cause is fixed.',
        ],
      },
    ],
  },
  {
    id: 'api-automation',
    title: 'Managing tasks through the API',
    description: 'Create, pause, resume and run tasks from your own scripts with the JSON API.',
    image: 'violet',
    category: 'Advanced',
    readTime: '8 min',
    difficulty: 'Advanced',
    sections: [
      {
        heading: 'The endpoints',
        paragraphs: [
          'The API is JSON under /api and uses the same session cookie as the web app: sign in with POST /api/auth/sign-in/email, then call POST /api/tasks, POST /api/tasks/:id/pause, POST /api/tasks/:id/resume or POST /api/tasks/:id/runs (Run Now).',
          'The OpenAPI document at /api/openapi.json describes every endpoint and body; the API reference page lists them.',
        ],
      },
    ],
  },
];

/** The Quick Reference section's fourth link: reusable prompts for common scheduled jobs. */
export const promptTemplates: { title: string; schedule: string; prompt: string }[] = [
  {
    title: 'Morning news briefing',
    schedule: 'Daily at 07:30, web search on',
    prompt:
      'Search the web for today’s most important news about {topic}. Summarise the five most relevant stories in one bullet point each, with the source’s name.',
  },
  {
    title: 'Weekly status draft',
    schedule: 'Weekly on Friday at 15:00',
    prompt:
      'Draft a short weekly status update for a {team} team with the headings Done, Next and Risks. Leave placeholders in square brackets where I must add facts.',
  },
  {
    title: 'Competitor watch',
    schedule: 'Weekly on Monday at 08:00, web search on',
    prompt:
      'Search for announcements from {competitor} in the past seven days. List product changes, pricing changes and hiring news, or say that there were none.',
  },
  {
    title: 'Monthly learning plan',
    schedule: 'Monthly on the 1st at 09:00',
    prompt: 'Suggest a four-week learning plan on {skill} for someone with {level} experience: one goal and two free resources per week.',
  },
  {
    title: 'Hourly incident digest (webhook)',
    schedule: 'Custom cron 0 * * * * (UTC)',
    prompt:
      'Summarise in at most 50 words what an on-call engineer should check first when the error rate of a web API rises. Answer as plain text.',
  },
];

export function findGuide(id: string): GuideEntry | undefined {
  return guides.find((guide) => guide.id === id);
}

export const featuredGuides = guides.filter((guide) => guide.steps !== undefined);
