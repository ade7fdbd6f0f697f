import { confirmOwnAddress, e2eJobsPromptMarker, expect, mailTo, signUp, test } from './fixtures';

/**
 * ADR 0119: a list of job postings described in the task form comes back as data — a table in History, the same
 * table in the e-mail, and its number of items charted on the task page.
 */
test('describe a list in the form, run it, and read it as a table in History, the e-mail and the chart', async ({ page, context }) => {
  test.setTimeout(120_000);
  const email = await signUp(page, { name: 'Data Reader', label: 'structured' });
  const inbox = await context.newPage();
  await confirmOwnAddress(inbox, { email });
  await inbox.close();

  await page.goto('/dashboard/tasks/new');
  await page.getByLabel('Task Name').fill('Job watch');
  await page.getByLabel('Prompt', { exact: true }).fill(`List today's backend job postings under 100k. ${e2eJobsPromptMarker}`);
  const card = page.getByRole('region', { name: 'Structured result' });
  await card.getByRole('switch', { name: 'Return results as data' }).click();
  await expect(card.getByRole('radio', { name: 'A list of items' })).toBeChecked();
  const field = (number: number) => card.getByRole('group', { name: `Field ${number}` });
  await field(1).getByLabel('Field name').fill('title');
  await card.getByRole('button', { name: 'Add field' }).click();
  await field(2).getByLabel('Field name').fill('salary');
  await field(2).getByLabel('Type').selectOption({ label: 'Number' });
  await page.getByRole('button', { name: 'Create Task' }).click();
  await expect(page.getByText('Task created')).toBeVisible();

  await page.goto('/dashboard/tasks');
  await page.getByRole('table').getByRole('link', { name: 'Job watch' }).click();
  await page.getByRole('button', { name: 'Run Now' }).click();
  await expect(page.getByText('Task completed')).toBeVisible({ timeout: 30_000 });

  // The chart: the list's number of items, its one point leading to its run.
  const chart = page.getByRole('region', { name: 'Value over time' });
  await expect(chart.getByRole('img', { name: /Number of items in the last run: 2/i })).toBeVisible();

  // History: the run's dialog shows the answer as a table.
  await page.goto('/dashboard/history');
  await page.getByRole('button', { name: /^View Full Results of Job watch/ }).click();
  const table = page.getByRole('dialog', { name: 'Job watch' }).getByRole('table', { name: 'Result of Job watch' });
  await expect(table.getByRole('columnheader')).toHaveText(['title', 'salary']);
  await expect(table.getByRole('row').nth(1).getByRole('cell')).toHaveText(['Backend engineer', '92,000']);
  await expect(table.getByRole('row').nth(2).getByRole('cell')).toHaveText(['Data analyst', '78,000']);

  // The e-mail carries the same table.
  const mail = await mailTo(email);
  expect(mail.html).toMatch(/<table[\s\S]*<th[^>]*>title<\/th>[\s\S]*<th[^>]*>salary<\/th>/);
  expect(mail.html).toMatch(/<td[^>]*>Backend engineer<\/td>\s*<td[^>]*>92000<\/td>/);
  expect(mail.text).toContain('| Backend engineer | 92000 |');
});
