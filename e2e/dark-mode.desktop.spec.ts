import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { dailyTaskBody, expect, test } from './fixtures';

/*
 * Dark mode (ADR 0066): the pages follow the system's setting unless the visitor chose otherwise in the header, and
 * every text is readable in both themes. axe-core's color-contrast rule (WCAG AA) checks each page as it is shown.
 */

const axeScript = join(process.cwd(), 'node_modules/axe-core/axe.min.js');

// axe arrives as an inline script, which the product's Content Security Policy rightly refuses.
test.use({ bypassCSP: true });

type Theme = 'light' | 'dark';

/** How light the page's background is, 0 (black) to 1 (white), whatever colour syntax the browser reports. */
function backgroundLightness(page: Page): Promise<number> {
  return page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No 2D canvas');
    context.fillStyle = getComputedStyle(document.body).backgroundColor;
    context.fillRect(0, 0, 1, 1);
    const [red = 0, green = 0, blue = 0] = context.getImageData(0, 0, 1, 1).data;
    return (0.2126 * red + 0.7152 * green + 0.0722 * blue) / 255;
  });
}

/** The page is shown in `theme`, and axe finds no text below WCAG AA contrast on it. */
async function expectReadable(page: Page, label: string, theme: Theme, ready: Locator) {
  await expect(ready, label).toBeVisible();
  await expect(page.locator('.animate-pulse, [aria-busy="true"]'), label).toHaveCount(0);
  const lightness = await backgroundLightness(page);
  if (theme === 'dark') expect(lightness, `${label}: the page's background in dark mode`).toBeLessThan(0.25);
  else expect(lightness, `${label}: the page's background in light mode`).toBeGreaterThan(0.9);
  // Colours that are still fading (hover and theme transitions) would be measured half way.
  await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation: none !important; }' });
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: axeScript });
  const violations = await page.evaluate(async () => {
    const { axe } = window as unknown as {
      axe: {
        run: (context: Document, options: object) => Promise<{ violations: { nodes: { target: string[]; failureSummary?: string }[] }[] }>;
      };
    };
    const results = await axe.run(document, { runOnly: ['color-contrast'] });
    return results.violations.flatMap((violation) =>
      violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary?.split('\n').at(-1)?.trim()}`),
    );
  });
  expect(violations, `${label} in ${theme} mode: text below WCAG AA contrast`).toEqual([]);
}

async function createTaskWithRun(page: Page, origin: string, name: string) {
  const headers = { Origin: origin };
  const created = await page.request.post('/api/tasks', { headers, data: dailyTaskBody({ name, email: 'member@promptcron.test' }) });
  expect(created.status(), await created.text()).toBe(201);
  const { task } = (await created.json()) as { task: { id: string } };
  const run = await page.request.post(`/api/tasks/${task.id}/runs`, { headers });
  expect(run.ok(), await run.text()).toBe(true);
  return {
    id: task.id,
    remove: async () => {
      await page.request.delete(`/api/tasks/${task.id}`, { headers });
    },
  };
}

type PageCheck = [path: string, ready: (page: Page) => Locator];

const publicPages: PageCheck[] = [
  ['/', (p) => p.getByRole('heading', { level: 1 })],
  ['/login', (p) => p.getByRole('button', { name: 'Sign In' })],
  ['/register', (p) => p.getByRole('heading', { level: 1 })],
];

async function expectPagesReadable(page: Page, pages: PageCheck[], theme: Theme) {
  for (const [path, ready] of pages) {
    await page.goto(path);
    await expectReadable(page, path, theme, ready(page));
  }
}

test.describe('a visitor', () => {
  for (const theme of ['light', 'dark'] as const) {
    test(`with the system in ${theme} mode reads every public page in it`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: theme });
      await expectPagesReadable(page, publicPages, theme);
    });
  }

  test('chooses dark in the header on a light system, and it stays chosen', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    const themes = page.getByRole('banner').getByRole('group', { name: 'Theme' });
    await expect(themes.getByRole('radio', { name: 'System' })).toBeChecked();

    await themes.getByRole('radio', { name: 'Dark' }).check();
    await expectReadable(page, '/ after choosing Dark', 'dark', page.getByRole('heading', { level: 1 }));

    // The next pages arrive dark (the choice applies before they paint) and show the choice.
    await expectPagesReadable(page, publicPages, 'dark');
    await expect(page.getByRole('banner').getByRole('radio', { name: 'Dark' })).toBeChecked();

    // Light holds on a dark system too.
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.getByRole('banner').getByRole('radio', { name: 'Light' }).check();
    await page.reload();
    await expectReadable(page, '/register after choosing Light', 'light', page.getByRole('heading', { level: 1 }));
  });
  test('on a phone-sized window, chooses dark in the menu of the pre-rendered landing page', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.getByRole('radio', { name: 'Dark' }).check();
    await page.keyboard.press('Escape');
    await expectReadable(page, '/ after choosing Dark in the menu', 'dark', page.getByRole('heading', { level: 1 }));
    await page.goto('/login');
    await expectReadable(page, '/login after choosing Dark in the menu', 'dark', page.getByRole('button', { name: 'Sign In' }));
  });
});

test.describe('a member', () => {
  test.use({ signedInAs: 'member' });

  test('reads every dashboard page in light and dark mode, and chooses the theme in the account menu', async ({ page, baseURL }) => {
    test.setTimeout(120_000);
    const taskName = `Dark mode ${Date.now()}`;
    const task = await createTaskWithRun(page, baseURL ?? '', taskName);
    try {
      const pages: PageCheck[] = [
        // Rendered on the server (ADR 0057).
        ['/dashboard', (p) => p.locator('[data-activity-chart]')],
        ['/dashboard/tasks', (p) => p.getByText(taskName).first()],
        [`/dashboard/tasks/${task.id}`, (p) => p.locator('[data-activity-chart]')],
        ['/dashboard/tasks/new', (p) => p.getByRole('button', { name: 'Create Task' })],
        ['/dashboard/history', (p) => p.getByText(taskName).first()],
        ['/dashboard/settings', (p) => p.getByRole('tabpanel', { name: 'Profile' })],
        ['/dashboard/subscription', (p) => p.getByRole('region', { name: 'Free' })],
      ];
      await page.emulateMedia({ colorScheme: 'light' });
      await expectPagesReadable(page, pages, 'light');
      await page.emulateMedia({ colorScheme: 'dark' });
      await expectPagesReadable(page, pages, 'dark');

      // On a light system, the account menu turns the app dark, for this page and the next.
      await page.emulateMedia({ colorScheme: 'light' });
      await page.goto('/dashboard/history');
      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('menuitemradio', { name: 'Dark' }).click();
      await expect(page.getByRole('menuitemradio', { name: 'Dark' })).toHaveAttribute('aria-checked', 'true');
      await page.keyboard.press('Escape');
      await expectReadable(page, '/dashboard/history after choosing Dark', 'dark', page.getByText(taskName).first());
      await page.goto('/dashboard/settings');
      await expectReadable(page, '/dashboard/settings after choosing Dark', 'dark', page.getByRole('tabpanel', { name: 'Profile' }));
    } finally {
      await task.remove();
    }
  });
});

test.describe('an administrator', () => {
  test.use({ signedInAs: 'admin' });

  test('reads the admin pages in light and dark mode', async ({ page }) => {
    test.setTimeout(90_000);
    const pages: PageCheck[] = [
      ['/admin', (p) => p.locator('[data-card="totalUsers"]')],
      ['/admin/users', (p) => p.getByRole('table')],
      ['/admin/tasks', (p) => p.getByRole('heading', { level: 1 })],
      ['/admin/plans', (p) => p.getByText('Business').first()],
      ['/admin/audit', (p) => p.getByRole('heading', { level: 1, name: 'Audit Log' })],
    ];
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await expectPagesReadable(page, pages, theme);
    }
  });
});
