import { readFile } from 'node:fs/promises';
import { dailyTaskBody, expect, promoteToAdmin, signUp, strongPassword, test, uniqueEmail } from './fixtures';

test('an administrator finds a user’s task, runs it manually, sees Last Run change and exports the list', async ({
  page,
  playwright,
  baseURL,
}) => {
  // A 2-second model answer, a CSV download and a sign-up or two: generous on a busy two-core machine.
  test.setTimeout(90_000);
  // The owner creates their task through the API, as any client could.
  const ownerEmail = uniqueEmail('owner');
  const taskName = `Owner digest ${Date.now()}`;
  const ownerApi = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL ?? '' } });
  await ownerApi.post('/api/auth/sign-up/email', { data: { name: 'Task Owner', email: ownerEmail, password: strongPassword } });
  // Weekly from a Monday: the admin list names the weekday it fires on, as the owner's own task list does.
  const created = await ownerApi.post('/api/tasks', {
    data: {
      ...dailyTaskBody({
        name: taskName,
        email: ownerEmail,
        model: 'gpt-5-mini',
        localTime: '08:00',
        input: 'List three facts about scheduling.',
      }),
      scheduleType: 'weekly',
      startDate: '2026-01-05',
    },
  });
  expect(created.status()).toBe(201);
  await ownerApi.dispose();

  // An account of its own, kept out until the journey promotes it with the operator command.
  const adminEmail = await signUp(page, { name: 'Tasks Admin', label: 'tasks-admin' });
  await page.goto('/admin/tasks');
  await expect(page).toHaveURL(/\/dashboard$/);
  await promoteToAdmin(adminEmail);

  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Admin', exact: true }).getByRole('link', { name: 'All Tasks' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'All Tasks' })).toBeVisible();
  await expect(page.getByText('Monitor and manage all user tasks across the platform')).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search tasks' }).fill(taskName);
  const row = page.getByRole('row', { name: new RegExp(taskName) });
  await expect(row).toBeVisible();
  await expect(page.getByText('Showing 1 of 1 tasks')).toBeVisible();
  await expect(row).toContainText('Task Owner');
  await expect(row).toContainText('Weekly on Monday at 08:00 UTC');
  await expect(row).toContainText('Never');

  await row.getByRole('button', { name: `Actions for ${taskName}` }).click();
  await page.getByRole('menuitem', { name: 'Run Manually' }).click();
  await expect(page.getByText('Task completed')).toBeVisible();
  await expect(row).not.toContainText('Never');
  await expect(row).toContainText('completed');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^promptcron-tasks-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path()) ?? '', 'utf8');
  expect(csv.split('\r\n')[0]).toBe('Task ID,Task Name,User,Email,Status,Schedule,Provider,Model,Last Run,Last Run Status,Created');
  expect(csv).toContain(`${taskName},Task Owner,${ownerEmail},active,Weekly on Monday at 08:00 UTC,openai,gpt-5-mini,`);
  expect(csv.split('\r\n').filter(Boolean)).toHaveLength(2);
});
