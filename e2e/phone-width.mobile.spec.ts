import type { Locator, Page } from '@playwright/test';
import { dailyTaskBody, expect, test } from './fixtures';

/*
 * Every signed-in page at the narrowest phones people use: nothing may be wider than the screen (a swipe would pan
 * the page and cut off its left edge), and no page may scroll on into a blank band below its content. Each page is
 * loaded once and measured at each width; the desktop width catches the blank band where a phone's layout hides it.
 */
const phoneWidth = 390;
const widths = [phoneWidth, 360, 1366];

/** A long prompt with a word too long for any screen, as pasted links are. */
const longPrompt = `${'Summarise the news about scheduling and automation in three short paragraphs. '.repeat(12)}Sources: https://example.com/${'a-very-long-path-segment-'.repeat(8)}`;

async function expectFitsEveryWidth(page: Page, label: string, ready: Locator) {
  await expect(ready, label).toBeVisible();
  // Skeletons and busy regions give way to the content, which is what is measured.
  await expect(page.locator('.animate-pulse, [aria-busy="true"]'), label).toHaveCount(0);
  for (const width of widths) {
    await page.setViewportSize({ width, height: 844 });
    const size = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      scrollHeight: document.documentElement.scrollHeight,
      // Everything laid out in the page's flow; what scrolls beyond it is a blank band (something hidden overflowing).
      contentHeight: Math.max(window.innerHeight, Math.ceil(document.getElementById('root')?.getBoundingClientRect().height ?? 0)),
      // What sticks out, for the failure message: elements past the right edge that no scrolling box around them holds.
      sticksOut: Array.from(document.querySelectorAll('body *'))
        .filter((element) => element.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
        .filter((element) => {
          for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
            if (getComputedStyle(parent).overflowX !== 'visible') return false;
          }
          return true;
        })
        .slice(0, 3)
        .map((element) => `<${element.tagName.toLowerCase()} class="${element.getAttribute('class') ?? ''}">`),
      // Menus whose chosen option does not fit: measured against a copy holding only that option, at its own width.
      cutOffMenus: Array.from(document.querySelectorAll('select'))
        // Radix's menus keep a hidden native one for forms, which nobody sees.
        .filter((select) => select.getClientRects().length > 0 && !select.closest('[aria-hidden="true"]'))
        .filter((select) => {
          const copy = select.cloneNode(false) as HTMLSelectElement;
          copy.append(new Option(select.selectedOptions[0]?.text ?? ''));
          copy.style.width = 'max-content';
          select.after(copy);
          const needed = copy.getBoundingClientRect().width;
          copy.remove();
          return select.getBoundingClientRect().width + 0.5 < needed;
        })
        .map((select) => `${select.getAttribute('aria-label') ?? select.id}: "${select.selectedOptions[0]?.text ?? ''}"`),
    }));
    expect(size.scrollWidth, `${label} at ${width} px: page width (sticking out: ${size.sticksOut.join(' ')})`).toBe(width);
    expect(size.cutOffMenus, `${label} at ${width} px: menus whose choice is cut off`).toEqual([]);
    expect(size.scrollHeight, `${label} at ${width} px: page height beyond its content`).toBeLessThanOrEqual(size.contentHeight);
    if (width > 768) await expectSidebarBesideThePage(page, label);
  }
  await page.setViewportSize({ width: phoneWidth, height: 844 });
}

/** Scrolled to the end, the sidebar still runs from under the header to the bottom of the window. */
async function expectSidebarBesideThePage(page: Page, label: string) {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const { header, sidebar, windowHeight } = await page.evaluate(() => ({
    header: document.querySelector('header')?.getBoundingClientRect().bottom ?? 0,
    sidebar: document.querySelector('aside')?.getBoundingClientRect().toJSON() as DOMRect | undefined,
    windowHeight: window.innerHeight,
  }));
  await page.evaluate(() => window.scrollTo(0, 0));
  if (!sidebar) return;
  expect(sidebar.top, `${label}: the sidebar's top, scrolled to the end`).toBeGreaterThanOrEqual(header - 0.5);
  expect(sidebar.bottom, `${label}: the sidebar's bottom, scrolled to the end`).toBeGreaterThanOrEqual(windowHeight - 0.5);
}

async function createTaskWithRun(page: Page, origin: string, { name, email }: { name: string; email: string }) {
  const headers = { Origin: origin };
  const created = await page.request.post('/api/tasks', { headers, data: dailyTaskBody({ name, email, input: longPrompt }) });
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

test.describe('a member', () => {
  test.use({ signedInAs: 'member' });

  test('every dashboard page fits a phone’s width, with no blank band below it', async ({ page, baseURL }) => {
    test.setTimeout(90_000);
    const taskName = `Phone width ${Date.now()}`;
    const task = await createTaskWithRun(page, baseURL ?? '', { name: taskName, email: 'member@promptcron.test' });
    try {
      await page.setViewportSize({ width: phoneWidth, height: 844 });
      const pages: [string, (page: Page) => Locator][] = [
        ['/dashboard/tasks', (p) => p.getByText(taskName).first()],
        ['/dashboard/tasks/new', (p) => p.getByRole('button', { name: 'Create Task' })],
        [`/dashboard/tasks/${task.id}`, (p) => p.locator('[data-activity-chart]')],
        [`/dashboard/tasks/${task.id}/edit`, (p) => p.getByRole('link', { name: 'Back to Task' })],
        ['/dashboard/history', (p) => p.getByText(taskName).first()],
        ['/dashboard/subscription', (p) => p.getByRole('region', { name: 'Free' })],
      ];
      // /dashboard arrives rendered on the server (ADR 0057); the app takes it over at the first sign of use.
      await page.goto('/dashboard');
      const serverPage = await page.locator('#root > *').first().elementHandle();
      await expectFitsEveryWidth(page, '/dashboard (from the server)', page.locator('[data-activity-chart]'));
      if ((await page.locator('#prefetched-queries').count()) > 0) {
        await page.mouse.move(1, 1);
        await expect.poll(() => serverPage?.evaluate((element) => element.isConnected), { timeout: 20_000 }).toBe(false);
      }
      await expectFitsEveryWidth(page, '/dashboard', page.locator('[data-activity-chart]'));

      for (const [path, ready] of pages) {
        await page.goto(path);
        await expectFitsEveryWidth(page, path, ready(page));
      }

      await page.goto('/dashboard/settings');
      const tabs = page.getByRole('tablist', { name: 'Settings sections' }).getByRole('tab');
      for (const tab of await tabs.all()) {
        const name = (await tab.textContent()) ?? '';
        await tab.click();
        await expectFitsEveryWidth(page, `Settings: ${name}`, page.getByRole('tabpanel', { name }));
      }
    } finally {
      await task.remove();
    }
  });
});

test.describe('an administrator', () => {
  test.use({ signedInAs: 'admin' });

  test('every admin page fits a phone’s width, with no blank band below it', async ({ page, baseURL }) => {
    test.setTimeout(90_000);
    const taskName = `Admin phone width ${Date.now()}`;
    const task = await createTaskWithRun(page, baseURL ?? '', { name: taskName, email: 'owner@promptcron.test' });
    try {
      const users = await page.request.get('/api/admin/users?search=member%40promptcron.test');
      const [member] = ((await users.json()) as { items: { id: string }[] }).items;
      expect(member).toBeDefined();

      await page.setViewportSize({ width: phoneWidth, height: 844 });
      const pages: [string, (page: Page) => Locator][] = [
        ['/admin', (p) => p.locator('[data-card="totalUsers"]')],
        // Whoever is on the first page: journeys running alongside add users, so the member may be on a later one.
        ['/admin/users', (p) => p.getByText(/@promptcron\.test|@example\.com/).first()],
        [`/admin/users/${member?.id}`, (p) => p.getByText('member@promptcron.test').first()],
        ['/admin/workspaces', (p) => p.getByRole('heading', { level: 1, name: 'Workspaces' })],
        ['/admin/tasks', (p) => p.getByText(taskName).first()],
        [`/admin/tasks/${task.id}`, (p) => p.getByText(taskName).first()],
        ['/admin/plans', (p) => p.getByText('Business').first()],
        ['/admin/audit', (p) => p.getByRole('heading', { level: 1, name: 'Audit Log' })],
        ['/admin/settings', (p) => p.getByRole('tabpanel', { name: 'Profile' })],
        [`/dashboard/tasks/${task.id}`, (p) => p.locator('[data-activity-chart]')],
      ];
      for (const [path, ready] of pages) {
        await page.goto(path);
        await expectFitsEveryWidth(page, path, ready(page));
      }

      // Each user is a card on a phone: its actions are on screen, not behind a table's sideways scroll.
      await page.goto('/admin/users');
      const actions = page.getByRole('button', { name: /^Actions for / });
      await expect(actions.first()).toBeVisible();
      for (const button of await actions.all()) {
        const box = await button.boundingBox();
        expect(box && box.x + box.width, (await button.getAttribute('aria-label')) ?? '').toBeLessThanOrEqual(phoneWidth);
      }
    } finally {
      await task.remove();
    }
  });
});
