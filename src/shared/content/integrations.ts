/**
 * The integrations catalogue (spec section 3) behind /integrations and /docs/integrations/:id. Statuses follow what
 * this server really does: the AI provider, e-mail, signed webhooks, Slack and Discord work today; the rest are plans.
 */

export const integrationCategories = ['ai', 'notification', 'integration', 'storage'] as const;
export type IntegrationCategory = (typeof integrationCategories)[number];

export type IntegrationStatus = 'available' | 'coming-soon';
export type SetupDifficulty = 'Easy' | 'Medium' | 'Advanced';

/** The example task settings shown with an available integration's documentation (spec section 2). */
export interface ExampleConfiguration {
  model: string;
  temperature: number;
  maxTokens: number;
  retries: number;
}

export interface IntegrationEntry {
  id: string;
  name: string;
  description: string;
  /** Short text shown in place of a logo image; keeps the page free of third-party images. */
  logo: string;
  category: IntegrationCategory;
  status: IntegrationStatus;
  setupDifficulty: SetupDifficulty;
  detailedDescription: string;
  setupSteps: string[];
  exampleUse: string;
  exampleConfiguration?: ExampleConfiguration;
}

/** Every example uses the same settings: a model that accepts a temperature, a focused 0.3, 500 tokens, 3 retries. */
const exampleConfiguration: ExampleConfiguration = { model: 'gpt-4.1-mini', temperature: 0.3, maxTokens: 500, retries: 3 };

export const integrations: IntegrationEntry[] = [
  {
    id: 'openai',
    name: 'OpenAI GPT Models',
    description: 'Run your prompts on OpenAI’s GPT-5, GPT-4.1 and o4-mini models, with optional web search.',
    logo: 'AI',
    category: 'ai',
    status: 'available',
    setupDifficulty: 'Medium',
    detailedDescription:
      'Promptcron calls OpenAI through the Responses API with the server’s OPENAI_API_KEY. Each task picks a model: ' +
      'GPT-5 Chat, GPT-5 mini, GPT-5 nano (the default), GPT-4.1, GPT-4.1 mini or o4-mini. Every model except GPT-5 Chat ' +
      'can search the web while it answers. GPT-5 mini, GPT-5 nano and o4-mini only accept their default temperature, ' +
      'so the temperature setting is not sent for them. OPENAI_BASE_URL points the same client at any OpenAI-compatible ' +
      'server, such as a local Ollama or vLLM. Anthropic, Google Gemini and OpenRouter appear in the task form too and ' +
      'become selectable once the server has their API key.',
    setupSteps: [
      'Create an API key in your OpenAI account.',
      'Start Promptcron with OPENAI_API_KEY set to that key (and OPENAI_BASE_URL if you use a compatible server).',
      'Sign in and choose New Task; OpenAI is the preselected provider.',
      'Pick a model, write a prompt of at least 10 characters and set the temperature (0 to 2).',
      'Turn on web search if the answer needs current information, then save the task.',
      'Use Run Now on the task page to see the first answer straight away.',
    ],
    exampleUse: 'Every weekday at 08:00, summarise the most important news about your industry in five bullet points.',
    exampleConfiguration,
  },
  {
    id: 'email',
    name: 'Email',
    description: 'Receive every result in your inbox as soon as the run finishes.',
    logo: '@',
    category: 'notification',
    status: 'available',
    setupDifficulty: 'Easy',
    detailedDescription:
      'E-mail is the default delivery method. Each finished run sends one message whose subject names the task, with ' +
      'the answer rendered from Markdown to HTML and a plain-text copy. The server sends through SMTP_URL; without it, ' +
      'messages are written to DATA_DIR/outbox so a local install keeps working. A delivery that fails is retried after ' +
      '1 minute, 5 minutes, 30 minutes and 2 hours; the AI call is never repeated for it.',
    setupSteps: [
      'Make sure the server has SMTP_URL (and MAIL_FROM) configured.',
      'Create a task and keep Email as the delivery method.',
      'Enter the address that should receive the results; your own address is filled in for you.',
      'Save the task, then use Run Now to receive a first result.',
    ],
    exampleUse: 'A Monday-morning e-mail with three ideas for the week’s newsletter.',
    exampleConfiguration,
  },
  {
    id: 'webhooks',
    name: 'Webhooks',
    description: 'Post every result as signed JSON to your own endpoint.',
    logo: '{ }',
    category: 'integration',
    status: 'available',
    setupDifficulty: 'Medium',
    detailedDescription:
      'With webhook delivery, each finished run is POSTed as JSON to your URL: { type, task, run } where type is ' +
      'task.run.completed or task.run.failed. Requests are signed per Standard Webhooks with the task’s own whsec_ ' +
      'secret (headers webhook-id, webhook-timestamp and webhook-signature), time out after 15 seconds and follow no ' +
      'redirects. A failed attempt is retried over about a day (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h), ' +
      'with the same webhook-id on every attempt, and every attempt is listed on the task page. Only public http and ' +
      'https addresses are called.',
    setupSteps: [
      'Expose an HTTPS endpoint that accepts POST requests with a JSON body.',
      'Create a task and choose Webhook as the delivery method, then enter the endpoint’s URL.',
      'Copy the task’s whsec_ signing secret from its page.',
      'In your endpoint, verify webhook-signature over "webhook-id.webhook-timestamp.body" with that secret.',
      'Answer with any 2xx status; use webhook-id to ignore a retried message you have already handled.',
      'Use Run Now and check the delivery attempts in the task’s run history.',
    ],
    exampleUse: 'Post a daily product-feedback digest into your own service, which files it in your issue tracker.',
    exampleConfiguration,
  },
  {
    id: 'slack',
    name: 'Slack',
    description: 'Post every result in a Slack channel through an incoming webhook.',
    logo: '#',
    category: 'notification',
    status: 'available',
    setupDifficulty: 'Easy',
    detailedDescription:
      'With Slack delivery, each finished run is posted to a channel through a Slack incoming webhook. The message ' +
      'is headed by the task’s name, followed by the result with its Markdown turned into Slack formatting (bold, ' +
      'links and bullet lists), then the time of the run in the task’s time zone and a link to the run in ' +
      'Promptcron. Slack shows at most 3,000 characters in one section, so a longer result is cut there and ends ' +
      'with “... (see the full result)”, linking to the whole answer. A failed run is posted as “<task> failed” with ' +
      'the error. Delivery is retried like a webhook’s (over about a day) and every attempt is listed in the task’s ' +
      'run history. The webhook URL is the key to your channel: Promptcron shows only its start on the task page.',
    setupSteps: [
      'In Slack, create an app for your workspace (api.slack.com/apps → Create New App → From scratch).',
      'Under Incoming Webhooks, switch them on, choose Add New Webhook to Workspace and pick the channel.',
      'Copy the webhook URL, which starts with https://hooks.slack.com/services/.',
      'Create or edit a task, choose Slack under Delivery Settings and paste the URL as the Slack webhook URL.',
      'Choose Send test message: a sample appears in the channel, and Promptcron tells you what Slack answered.',
      'Save the task; use Run Now on its page to post a first real result.',
    ],
    exampleUse: 'A stand-up reminder with yesterday’s highlights in #team every weekday at 09:00.',
    exampleConfiguration,
  },
  {
    id: 'discord',
    name: 'Discord',
    description: 'Post every result in a Discord channel through a channel webhook.',
    logo: 'D',
    category: 'notification',
    status: 'available',
    setupDifficulty: 'Easy',
    detailedDescription:
      'With Discord delivery, each finished run is posted to a channel as an embed: its title is the task’s name ' +
      'and links to the run in Promptcron, its text is the result in Discord’s Markdown, and its footer and ' +
      'timestamp give the time of the run in the task’s time zone. Discord shows at most 4,096 characters in an ' +
      'embed, so a longer result is cut there and ends with “... (see the full result)”, linking to the whole ' +
      'answer. A failed run is posted in red as “<task> failed” with the error. Mentions such as @everyone in a ' +
      'result never ping anyone. Delivery is retried like a webhook’s (over about a day) and every attempt is listed ' +
      'in the task’s run history. The webhook URL is the key to your channel: Promptcron shows only its start on the ' +
      'task page.',
    setupSteps: [
      'In Discord, open Server Settings → Integrations → Webhooks (you need the Manage Webhooks permission).',
      'Choose New Webhook, give it a name, pick the channel and choose Copy Webhook URL.',
      'The URL starts with https://discord.com/api/webhooks/.',
      'Create or edit a task, choose Discord under Delivery Settings and paste the URL as the Discord webhook URL.',
      'Choose Send test message: a sample appears in the channel, and Promptcron tells you what Discord answered.',
      'Save the task; use Run Now on its page to post a first real result.',
    ],
    exampleUse: 'A daily digest of new releases in your stack, posted in #dev-news every morning.',
    exampleConfiguration,
  },
  {
    id: 'database',
    name: 'Database Connector',
    description: 'Store every result in a database table of your own.',
    logo: 'DB',
    category: 'storage',
    status: 'coming-soon',
    setupDifficulty: 'Advanced',
    detailedDescription:
      'Writing results directly into your own database is planned. Every run is already kept in Promptcron’s run ' +
      'history, and a webhook task can hand results to a service that stores them.',
    setupSteps: [],
    exampleUse: 'Keep a table of daily price summaries for later analysis.',
  },
  {
    id: 'zapier',
    name: 'Zapier',
    description: 'Start Zapier workflows with the results of your tasks.',
    logo: 'Z',
    category: 'integration',
    status: 'coming-soon',
    setupDifficulty: 'Easy',
    detailedDescription:
      'A Zapier app is planned. A Zapier “Catch Hook” URL can already be used as a task’s webhook URL; Zapier does ' +
      'not check the signature, so treat such a Zap as unauthenticated input.',
    setupSteps: [],
    exampleUse: 'Add each weekly market summary as a row in a spreadsheet.',
  },
];

export function findIntegration(id: string): IntegrationEntry | undefined {
  return integrations.find((integration) => integration.id === id);
}
