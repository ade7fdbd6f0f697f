import type { ContentAccent } from './accent';

/** The blog (spec section 3): six articles about scheduling AI prompts with Promptcron; the first is featured. */

export interface BlogPost {
  id: string;
  title: string;
  excerpt: string;
  /** ISO date, shown in the reader's locale. */
  date: string;
  author: string;
  category: string;
  readTime: string;
  /** The colour of the decorative banner that stands in for a photo, so the pages load no images. */
  image: ContentAccent;
  /** Paragraphs of the article. */
  body: string[];
}

export const blogPosts: BlogPost[] = [
  {
    id: 'introducing-promptcron',
    title: 'Introducing Promptcron: AI prompts on a schedule',
    excerpt: 'Write a prompt once, pick when it should run, and get the answer by e-mail or webhook: that is the whole idea.',
    date: '2025-04-24',
    author: 'The Promptcron Team',
    category: 'Announcements',
    readTime: '4 min read',
    image: 'indigo',
    body: [
      'Many of the most useful AI prompts are ones we ask again and again: summarise the news in my field, draft the weekly status note, check a topic for anything new. Promptcron turns such a prompt into a task that runs by itself.',
      'A task has a prompt, an AI model, a schedule and a delivery. Schedules are hourly, daily, weekly or monthly at a time you choose in your own time zone, or a custom cron expression in the time zone you choose. When the time comes, the scheduler starts a run, sends the prompt to the model and delivers the answer by e-mail or to a signed webhook.',
      'Every run is kept in the task’s history with its status, duration and delivery attempts, and Run Now lets you try a prompt at any moment. If the server was down when a task was due, it catches up once with the latest missed run, within an hour, instead of flooding you with old ones.',
      'OpenAI models are available today; Anthropic, Google Gemini and OpenRouter become selectable as soon as the server has their API keys. We would love to hear what you automate first.',
    ],
  },
  {
    id: 'writing-prompts-that-run-unattended',
    title: 'Writing prompts that run unattended',
    excerpt: 'A prompt you read once can be vague; a prompt that runs every morning needs a clear job, format and length.',
    date: '2025-04-17',
    author: 'Mara Lindqvist',
    category: 'Prompting',
    readTime: '6 min read',
    image: 'violet',
    body: [
      'When you chat with a model you correct it as you go. A scheduled prompt gets no second chance: whatever it returns lands in your inbox. So say exactly what you want, who it is for, and what the answer should look like.',
      'Ask for a format you can scan: “five bullet points, each under 20 words”, or “a heading per topic”. Results are rendered from Markdown in e-mails, so headings, lists and links come out well.',
      'Keep the temperature low (0.2 to 0.4) for summaries and reports that should read the same way every day, and raise it for brainstorming. Some models, such as GPT-5 nano, only use their default temperature, and Promptcron then leaves the setting out.',
      'Finally, use Run Now before you rely on a schedule. It shows the answer within seconds and costs one call.',
    ],
  },
  {
    id: 'verifying-promptcron-webhooks',
    title: 'Verifying Promptcron webhooks in five lines',
    excerpt: 'Every webhook we send is signed per Standard Webhooks. Here is how to check the signature before you trust the body.',
    date: '2025-04-10',
    author: 'Jonas Weber',
    category: 'Engineering',
    readTime: '5 min read',
    image: 'emerald',
    body: [
      'A webhook endpoint is a public URL, so anyone could post to it. Promptcron signs each request with the task’s own secret, which starts with whsec_ and is shown on the task page.',
      'Each request carries three headers: webhook-id, webhook-timestamp and webhook-signature. The signature is “v1,” followed by the base64 HMAC-SHA256 of the id, the timestamp and the raw body joined by dots, keyed with the base64 part of the secret. Compute the same value and compare; reject timestamps that are more than a few minutes old.',
      'A delivery that does not get a 2xx answer is retried over about a day, always with the same webhook-id, so store the ids you have handled and answer a repeat with 200.',
      'Any Standard Webhooks library can do this check for you, and the task’s run history lists every attempt with its status code and duration when you need to debug.',
    ],
  },
  {
    id: 'cron-in-utc',
    title: 'Custom cron schedules, and why they are in UTC',
    excerpt: 'Simple schedules follow your local time across daylight saving; custom cron expressions are read in UTC. Here is why.',
    date: '2025-04-03',
    author: 'Mara Lindqvist',
    category: 'Scheduling',
    readTime: '5 min read',
    image: 'amber',
    body: [
      'Update: custom cron expressions are now read in a time zone you choose, the task’s own unless you pick another; tasks created before then keep UTC. The form shows the next runs in that zone, and warns of the days a clock change moves or skips a run.',
      'Hourly, daily, weekly and monthly tasks are entered in your local time and keep that wall-clock time when daylight saving starts or ends: a 09:00 task stays at 09:00.',
      'A custom cron expression has five fields (minute, hour, day of month, month, day of week) and is always interpreted in UTC. That makes it unambiguous: “0 */6 * * *” runs at 00:00, 06:00, 12:00 and 18:00 UTC everywhere, and never twice or not at all on a clock change.',
      'The task form checks the expression as you type and previews the next runs in your local time, so you can see what UTC means for you.',
      'Monthly tasks on the 31st run on the last day of shorter months; a cron expression with day 31 simply skips them. Choose whichever matches your intent.',
    ],
  },
  {
    id: 'what-happens-when-a-run-fails',
    title: 'What happens when a run fails',
    excerpt: 'Retries, catch-up after downtime, and why a task stops itself after five failures in a row.',
    date: '2025-03-27',
    author: 'Jonas Weber',
    category: 'Engineering',
    readTime: '7 min read',
    image: 'rose',
    body: [
      'A provider can be rate limited or briefly down. Promptcron retries such calls a few times with backoff within the same run; a rejected API key or an invalid request is not retried, because it would fail again.',
      'If the AI call succeeds but the delivery fails, only the delivery is retried: e-mail over about two hours, webhooks over about a day. You never pay for the same answer twice.',
      'When every worker was down at a task’s time, the task runs once for the latest missed slot if that slot is less than an hour old, and otherwise waits for the next one. Skipped slots are recorded in the history rather than hidden.',
      'After five failed runs in a row the task moves to the error status, stops running, and its owner gets an e-mail. Fix the cause, resume the task, and the count starts again.',
    ],
  },
  {
    id: 'running-promptcron-yourself',
    title: 'Running Promptcron on your own machine',
    excerpt: 'One command starts the whole product with an embedded PostgreSQL. Point it at your own database when you grow.',
    date: '2025-03-20',
    author: 'The Promptcron Team',
    category: 'Guides',
    readTime: '4 min read',
    image: 'sky',
    body: [
      'With Node.js 20.19 or newer, npm install && npm start runs the API, the web app, the scheduler and the workers in one process, on an embedded PostgreSQL kept in ./data.',
      'Everything is configured through environment variables, and all of them are optional: OPENAI_API_KEY to run prompts, SMTP_URL to send real e-mail, APP_URL for links in e-mails.',
      'To scale, run npm run serve for the HTTP API and npm run worker for schedulers and workers, as many of each as you need, against one shared PostgreSQL 15 or newer through DATABASE_URL.',
      'The first account created on a fresh install is its administrator; npm run user -- promote adds others.',
    ],
  },
];

export function findBlogPost(id: string): BlogPost | undefined {
  return blogPosts.find((post) => post.id === id);
}
