import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/*
 * The public site's content, the same markup at every width: these journeys run at desktop width only
 * (playwright.config.ts); the phone's way around it, the drawer, is in public-site.mobile.spec.ts.
 */

/** Every public content page: its heading, a Back link, its own title and meta description, and no console errors. */
const contentPages = [
  { path: '/docs', heading: 'Documentation', texts: ['Getting started', 'Quick Start Guide'] },
  { path: '/docs/quickstart', heading: 'Quick Start Guide', texts: ['npm install && npm start', 'Run Now'], back: 'Back to Documentation' },
  { path: '/docs/api', heading: 'API Reference', texts: ['/api/tasks', 'Create a task'], back: 'Back to Documentation' },
  {
    path: '/docs/integrations/webhooks',
    heading: 'Webhooks',
    texts: ['Standard Webhooks', 'Setup steps', 'Example configuration'],
    back: 'Back to Integrations',
  },
  { path: '/blog', heading: 'Blog', texts: ['Featured', 'Introducing Promptcron: AI prompts on a schedule', 'Load More Articles'] },
  {
    path: '/blog/cron-in-utc',
    heading: 'Custom cron schedules, and why they are in UTC',
    texts: ['Scheduling', 'Mara Lindqvist'],
    back: 'Back to Blog',
  },
  { path: '/guides', heading: 'Guides', texts: ['Featured guides', 'Quick Reference', 'Contact Support', 'Browse Documentation'] },
  { path: '/guides/your-first-task', heading: 'Your first scheduled task', texts: ['8 steps', 'Beginner'], back: 'Back to Guides' },
  { path: '/guides/prompt-templates', heading: 'Prompt templates', texts: ['Morning news briefing'], back: 'Back to Guides' },
  { path: '/integrations', heading: 'Integrations', texts: ['OpenAI GPT Models', 'Detailed documentation', 'Request New Integration'] },
  {
    path: '/about',
    heading: 'About Promptcron',
    texts: ['Our story', 'Our mission', 'Our vision', 'Our values', 'Our team', 'View Open Positions'],
  },
  { path: '/contact', heading: 'Contact', texts: ['support@promptcron.com'] },
  {
    path: '/privacy',
    heading: 'Privacy Policy',
    texts: ['Last updated: April 24, 2025', 'children under 16', 'no cookies for tracking', 'Federal Republic of Germany'],
  },
  {
    path: '/terms',
    heading: 'Terms of Service',
    texts: ['Last updated: April 24, 2025', 'at least 16 years old', 'Federal Republic of Germany'],
  },
];

async function metaDescription(page: Page): Promise<string | null> {
  return page.locator('head meta[name="description"]').getAttribute('content');
}

for (const { path, heading, texts, back = 'Back to Home' } of contentPages) {
  test(`${path} shows its content with a way back`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
    const main = page.getByRole('main');
    for (const text of texts) await expect(main.getByText(text, { exact: false }).first()).toBeVisible();
    await expect(page).toHaveTitle(`${heading} — Promptcron`);
    expect(await metaDescription(page)).not.toBe('Automate your workflow with AI-powered scheduled tasks.');

    await main.getByRole('link', { name: back }).click();
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(heading);
  });
}

test('the landing page shows the highlights, the six features and six questions that open and close', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Promptcron — Time-Triggered AI Automation');
  expect(await metaDescription(page)).toBe('Automate your workflow with AI-powered scheduled tasks.');
  for (const highlight of ['Schedule Anything', 'Multiple AI Models', 'API Integration']) {
    await expect(page.getByRole('heading', { name: highlight })).toBeVisible();
  }
  const features = page.locator('#features');
  for (const feature of [
    'Scheduled Tasks',
    'Email Delivery',
    'Web Queries',
    'Webhook Triggers',
    'Multiple AI Providers',
    'Secure & Private',
  ]) {
    await expect(features.getByRole('heading', { name: feature })).toBeVisible();
  }

  const faq = page.locator('#faq');
  await expect(faq.getByRole('button')).toHaveCount(6);
  const question = faq.getByRole('button', { name: 'How are results delivered?' });
  await expect(question).toHaveAttribute('aria-expanded', 'false');
  await question.click();
  await expect(question).toHaveAttribute('aria-expanded', 'true');
  await expect(faq.getByRole('region', { name: 'How are results delivered?' })).toContainText('Standard Webhooks');
  await question.click();
  await expect(faq.getByRole('region', { name: 'How are results delivered?' })).toBeHidden();
});

test('the blog features its first article and loads the rest on request', async ({ page }) => {
  await page.goto('/blog');
  const articles = page.getByRole('main').getByRole('article');
  await expect(articles).toHaveCount(4);
  await expect(articles.first()).toContainText('Featured');
  await expect(articles.first()).toContainText('The Promptcron Team');
  await expect(articles.first()).toContainText('4 min read');
  await page.getByRole('button', { name: 'Load More Articles' }).click();
  await expect(articles).toHaveCount(6);
  await expect(page.getByRole('button', { name: 'Load More Articles' })).toBeHidden();

  await page.getByRole('link', { name: 'Running Promptcron on your own machine' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Running Promptcron on your own machine' })).toBeVisible();
});

test('the guides page lists nine guides in four tabs, each with its difficulty', async ({ page }) => {
  await page.goto('/guides');
  const main = page.getByRole('main');
  await expect(main.getByText('8 steps')).toBeVisible();
  await expect(main.getByText('6 steps')).toBeVisible();

  const tabs = { 'Getting Started': 2, 'Task Creation': 2, Scheduling: 3, Advanced: 2 };
  for (const [tab, count] of Object.entries(tabs)) {
    await main.getByRole('tab', { name: tab }).click();
    const panel = main.getByRole('tabpanel', { name: tab });
    await expect(panel.getByRole('listitem')).toHaveCount(count);
    await expect(panel.getByText(/^(Beginner|Intermediate|Advanced)$/)).toHaveCount(count);
  }
  await main.getByRole('tabpanel', { name: 'Advanced' }).getByRole('link', { name: 'Managing tasks through the API' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Managing tasks through the API' })).toBeVisible();

  await page.goBack();
  const quickReference = page.getByRole('region', { name: 'Quick Reference' });
  await expect(quickReference.getByRole('link')).toHaveCount(4);
  await page.getByRole('link', { name: 'Browse Documentation' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Documentation' })).toBeVisible();
});

test('integrations filter by tab; only available ones can be set up, and only All offers a request', async ({ page }) => {
  await page.goto('/integrations');
  const main = page.getByRole('main');
  const panel = main.getByRole('tabpanel');
  await expect(panel.getByRole('article')).toHaveCount(7);
  await expect(panel.getByRole('link', { name: 'Request New Integration' })).toBeVisible();
  await expect(panel.getByRole('link', { name: 'Setup OpenAI GPT Models' })).toHaveAttribute('href', '/dashboard/tasks/new');
  await expect(panel.getByRole('link', { name: 'Setup Slack' })).toHaveAttribute('href', '/dashboard/tasks/new');
  await expect(panel.getByRole('button', { name: 'Setup Zapier' })).toBeDisabled();
  await expect(panel.getByRole('article').filter({ hasText: 'Zapier' })).toContainText('Coming soon');

  await main.getByRole('tab', { name: 'Notifications' }).click();
  await expect(main.getByRole('tabpanel').getByRole('heading', { level: 3 })).toHaveText(['Email', 'Slack', 'Discord']);
  await expect(main.getByRole('link', { name: 'Request New Integration' })).toBeHidden();
  await main.getByRole('tab', { name: 'Data Storage' }).click();
  await expect(main.getByRole('tabpanel').getByRole('heading', { level: 3 })).toHaveText(['Database Connector']);

  const docs = page.getByRole('region', { name: 'Detailed documentation' });
  await expect(docs.getByRole('heading', { level: 3 })).toHaveText(['OpenAI GPT Models', 'Email', 'Webhooks', 'Slack', 'Discord']);
  await expect(docs.getByText('gpt-4.1-mini').first()).toBeVisible();
  await expect(docs.getByText('0.3', { exact: true }).first()).toBeVisible();
  await expect(docs.getByText('500', { exact: true }).first()).toBeVisible();

  await main.getByRole('tab', { name: 'All' }).click();
  await main.getByRole('link', { name: 'Documentation for Email' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Email' })).toBeVisible();
  await expect(page.getByText('SMTP_URL').first()).toBeVisible();
});

test('the API reference lists the live endpoints grouped by tag', async ({ page }) => {
  await page.goto('/docs/api');
  for (const tag of ['System', 'Account', 'Tasks']) await expect(page.getByRole('heading', { level: 2, name: tag })).toBeVisible();
  const tasks = page.getByRole('region', { name: 'Tasks' });
  await expect(tasks.getByRole('listitem').filter({ hasText: 'POST' }).filter({ hasText: '/api/tasks/{id}/runs' })).toContainText(
    'Run Now',
  );
  const system = page.getByRole('region', { name: 'System' });
  await expect(system.getByRole('listitem').filter({ hasText: '/api/health' })).toContainText('GET');
});

test('an unknown blog post, guide or integration shows the 404 page, with status 404', async ({ page, browserErrors }) => {
  for (const path of ['/blog/no-such-post', '/guides/no-such-guide', '/docs/integrations/no-such-integration']) {
    browserErrors.expectFailedResponse(404);
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByText('Oops! Page not found')).toBeVisible();
  }
});
