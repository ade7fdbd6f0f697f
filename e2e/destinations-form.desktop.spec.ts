import type { Task } from '#shared/tasks/task.schema';
import { expect, signUp, test } from './fixtures';

const hookUrl = 'https://hooks.example.com/promptcron';

/**
 * ADR 0127 in the task form: a task made with two destinations keeps both, with their ids, when edited, and loses
 * the one removed; its key (ADR 0126) is saved and shown on its page.
 */
test('create a task with two destinations through the form, edit it, and remove one', async ({ page }) => {
  test.setTimeout(90_000);
  const email = await signUp(page, { name: 'Form Places', label: 'destinations-form' });
  const taskOf = async (id: string) => {
    const response = await page.request.get(`/api/tasks/${id}`);
    expect(response.ok(), await response.text()).toBe(true);
    return ((await response.json()) as { task: Task }).task;
  };

  await page.goto('/dashboard/tasks/new');
  await page.getByLabel('Task Name').fill('Two places');
  await page.getByLabel('Key', { exact: true }).fill('two-places');
  await page.getByLabel('Prompt', { exact: true }).fill('Write a two-line morning greeting.');
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
  await page.getByRole('button', { name: 'Add destination' }).click();
  const second = page.getByRole('group', { name: 'Destination 2' });
  // The new row's method has the keyboard.
  await expect(second.getByLabel('Method')).toBeFocused();
  await second.getByLabel('Method').selectOption('webhook');
  await second.getByLabel('Webhook URL').fill(hookUrl);
  await page.getByRole('button', { name: 'Create Task' }).click();
  await expect(page.getByText('Task created')).toBeVisible();

  await page.getByRole('table').getByRole('link', { name: 'Two places' }).click();
  await expect(page.getByRole('heading', { name: 'Two places' })).toBeVisible();
  await expect(page.getByText('two-places', { exact: true })).toBeVisible();
  // The page lists the destination after the first, with where it goes.
  await expect(page.getByRole('listitem', { name: 'Destination 2: Webhook' })).toContainText(hookUrl);
  const taskId = new URL(page.url()).pathname.split('/').at(-1) ?? '';
  const created = await taskOf(taskId);
  expect(created.key).toBe('two-places');
  expect(created.destinations.map(({ method, config }) => ({ method, config }))).toEqual([
    { method: 'email', config: { email } },
    { method: 'webhook', config: { webhookUrl: hookUrl } },
  ]);

  await page.getByRole('link', { name: 'Edit Task' }).click();
  await expect(page.getByRole('group', { name: 'Destination 2' }).getByLabel('Webhook URL')).toHaveValue(hookUrl);
  // On a phone the rows stack: the page gets no sideways scroll.
  const wide = page.viewportSize();
  await page.setViewportSize({ width: 360, height: 800 });
  const remove = page.getByRole('button', { name: 'Remove destination 2' });
  await remove.scrollIntoViewIfNeeded();
  const box = await remove.boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(360);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  if (wide) await page.setViewportSize(wide);
  await page.getByLabel('Task Name').fill('Two places, then one');
  await page.getByRole('button', { name: 'Update Task' }).click();
  await expect(page.getByText('Task updated')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Two places, then one' })).toBeVisible();
  // Saved through the form, each destination keeps its id, and with it its deliveries' state.
  expect((await taskOf(taskId)).destinations.map(({ id }) => id)).toEqual(created.destinations.map(({ id }) => id));

  await page.getByRole('link', { name: 'Edit Task' }).click();
  await page.getByRole('button', { name: 'Remove destination 2' }).click();
  await expect(page.getByRole('group', { name: 'Destination 2' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Update Task' }).click();
  // The first save's toast may still be showing.
  await expect(page.getByText('Task updated').last()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Two places, then one' })).toBeVisible();
  const edited = await taskOf(taskId);
  expect(edited.destinations).toHaveLength(1);
  expect(edited.destinations[0]?.id).toBe(created.destinations[0]?.id);
  expect(edited.key).toBe('two-places');
});
