import { allMailTo, confirmOwnAddress, e2eJobsPromptMarker, expect, mailTo, signUp, test } from './fixtures';

/**
 * ADRs 0122 and 0123 in the task form: a list of job postings delivered only when it has new items, keyed by a field,
 * so the second run of the same list records "No new items" and sends nothing; then a rule on a field, set in the
 * same form, read back in words on the task page.
 */
test('deliver only new items, set in the form, then a rule on a field', async ({ page, context }) => {
  test.setTimeout(150_000);
  const email = await signUp(page, { name: 'Item Reader', label: 'item-rules' });
  const inbox = await context.newPage();
  await confirmOwnAddress(inbox, { email });
  await inbox.close();
  const results = async () => (await allMailTo(email)).filter((mail) => mail.text.includes('Backend engineer'));

  await page.goto('/dashboard/tasks/new');
  await page.getByLabel('Task Name').fill('Job feed');
  await page.getByLabel('Prompt', { exact: true }).fill(`List today's backend job postings under 100k. ${e2eJobsPromptMarker}`);
  const card = page.getByRole('region', { name: 'Structured result' });
  await card.getByRole('switch', { name: 'Return results as data' }).click();
  const field = (number: number) => card.getByRole('group', { name: `Field ${number}` });
  await field(1).getByLabel('Field name').fill('title');
  await card.getByRole('button', { name: 'Add field' }).click();
  await field(2).getByLabel('Field name').fill('salary');
  await field(2).getByLabel('Type').selectOption({ label: 'Number' });

  const deliver = page.getByRole('group', { name: 'Deliver' });
  await deliver.getByText('Only new items').click();
  await page.getByLabel('Item key').selectOption({ label: 'title' });
  await page.getByRole('button', { name: 'Create Task' }).click();
  await expect(page.getByText('Task created')).toBeVisible();

  await page.goto('/dashboard/tasks');
  await page.getByRole('table').getByRole('link', { name: 'Job feed' }).click();
  await expect(page.getByText('Only new items (told apart by "title")')).toBeVisible();

  // The first run delivers both postings; they are remembered once the e-mail is sent.
  await page.getByRole('button', { name: 'Run Now' }).click();
  await expect(page.getByText('Task completed')).toBeVisible({ timeout: 30_000 });
  const first = await mailTo(email);
  expect(first.text).toContain('| Backend engineer | 92000 |');

  // The same list again: nothing new, so the run says so and no second e-mail goes out.
  await page.reload();
  await page.getByRole('button', { name: 'Run Now' }).click();
  const runs = page.getByRole('region', { name: 'Run history' }).getByRole('list', { name: 'Runs, newest first' });
  await expect(runs.getByRole('listitem')).toHaveCount(2, { timeout: 30_000 });
  const second = runs.getByRole('listitem').first();
  await expect(second.getByText('Skipped by a rule')).toBeVisible({ timeout: 30_000 });
  await second.getByRole('button', { name: /^Details of the run/ }).click();
  await expect(second.getByText('No new items')).toBeVisible();
  expect(await results()).toHaveLength(1);

  // A rule on a field, set in the form, in words on the task page.
  await page.goto('/dashboard/tasks');
  await page.getByRole('table').getByRole('link', { name: 'Job feed' }).click();
  await page.getByRole('link', { name: 'Edit Task' }).click();
  await deliver.getByText('When rules on fields match').click();
  const rule = page.getByRole('group', { name: 'Rule 1' });
  await rule.getByLabel('Field').selectOption({ label: 'salary (any item)' });
  await rule.getByLabel('Operator').selectOption('<');
  await rule.getByLabel('Value').fill('100000');
  await page.getByRole('button', { name: 'Update Task' }).click();
  await expect(page.getByText('Task updated')).toBeVisible();
  await expect(page.getByText('Only when salary < 100000')).toBeVisible();
  expect(await results()).toHaveLength(1);
});
