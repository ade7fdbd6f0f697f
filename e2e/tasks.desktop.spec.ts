import type { Page } from '@playwright/test';
import { expect, signUp, test } from './fixtures';

async function registerAndOpenNewTask(page: Page) {
  return signUp(page, { name: 'Task Author', label: 'tasks' });
}

test('create a webhook task and an e-mail task, find them, edit, pause, resume, run and delete', async ({ page }) => {
  test.setTimeout(90_000);
  const email = await registerAndOpenNewTask(page);

  await page.goto('/dashboard/tasks/new');
  await expect(page.getByRole('heading', { name: 'Create New Task' })).toBeVisible();
  await expect(page.getByText('Set up a new AI automation task')).toBeVisible();
  await page.getByRole('button', { name: 'Create Task' }).click();
  await expect(page.getByText('Please fix the validation errors before submitting.')).toBeVisible();
  await expect(page.getByText('Task name must be at least 2 characters.')).toBeVisible();
  await expect(page.getByText('Prompt input must be at least 10 characters.')).toBeVisible();

  await page.getByLabel('Task Name').fill('Webhook digest');
  await page.getByLabel('Prompt', { exact: true }).fill('List three interesting facts about scheduling.');
  // The choices are cards; their radios are visually hidden, so click the card as a person would.
  await page.getByText('Custom', { exact: true }).click();
  await expect(page.getByRole('radio', { name: /Custom/ })).toBeChecked();
  // Hourly: a new account is on Free, which runs a task at most every 60 minutes.
  await page.getByLabel('Cron Expression', { exact: true }).fill('15 * * * *');
  await expect(page.getByText('Next runs', { exact: true })).toBeVisible();
  await page.getByText('Webhook', { exact: true }).click();
  await expect(page.getByRole('radio', { name: /Webhook/ })).toBeChecked();
  await page.getByLabel('Webhook URL').fill('https://hooks.example.com/promptcron');
  await page.getByRole('button', { name: 'Create Task' }).click();
  await expect(page.getByText('Task created')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/tasks$/);

  await page.goto('/dashboard/tasks/new');
  await page.getByLabel('Task Name').fill('Email brief');
  await page.getByLabel('Prompt', { exact: true }).fill('Write a two-line morning greeting.');
  // E-mail delivery to the signed-in user is the default.
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
  await page.getByRole('button', { name: 'Create Task' }).click();
  await expect(page.getByText('Task created')).toBeVisible();

  const table = page.getByRole('table');
  await expect(table.getByRole('row', { name: /Webhook digest/ })).toContainText('15 * * * * (UTC)');
  await expect(table.getByRole('row', { name: /Email brief/ })).toContainText('Daily at 09:00');

  await page.getByRole('searchbox', { name: 'Search tasks' }).fill('digest');
  await expect(table.getByRole('row', { name: /Email brief/ })).toHaveCount(0);
  await expect(table.getByRole('row', { name: /Webhook digest/ })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search tasks' }).fill('');
  await expect(table.getByRole('row', { name: /Email brief/ })).toBeVisible();

  // Edit the e-mail task.
  await table
    .getByRole('row', { name: /Email brief/ })
    .getByRole('link', { name: 'Edit task' })
    .click();
  await expect(page.getByRole('link', { name: 'Back to Task' })).toBeVisible();
  await page.getByLabel('Task Name').fill('Email brief (edited)');
  await page.getByRole('button', { name: 'Update Task' }).click();
  await expect(page.getByText('Task updated')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Email brief (edited)' })).toBeVisible();

  // Run it now: the local model (see global-setup.ts) answers after a moment, and the run completes.
  await page.getByRole('button', { name: 'Run Now' }).click();
  await expect(page.getByRole('button', { name: 'Running...' })).toBeVisible();
  await expect(page.getByText('Task completed')).toBeVisible();
  // The run is in the task's history, completed, with the start of the model's answer.
  const history = page.getByRole('region', { name: 'Run history' });
  await expect(history.getByText('Manual')).toBeVisible();
  // The new account never confirmed its own address, so the badge says the result waits for that (ADR 0106, 0109).
  await expect(history.locator('[data-run-status]')).toHaveText('Not delivered: confirm your e-mail address');
  await expect(history.getByText(/Three scheduling facts/).first()).toBeVisible();

  // Pause and resume from the detail page; the list's Paused filter follows.
  await page.getByRole('button', { name: 'Pause', exact: true }).click();
  await expect(page.getByText('Paused', { exact: true }).first()).toBeVisible();
  await page.getByRole('link', { name: 'Back to Tasks' }).click();
  await page.getByRole('button', { name: 'Paused' }).click();
  await expect(table.getByRole('row', { name: /Email brief \(edited\)/ })).toBeVisible();
  await expect(table.getByRole('row', { name: /Webhook digest/ })).toHaveCount(0);
  await table
    .getByRole('row', { name: /Email brief \(edited\)/ })
    .getByRole('button', { name: 'Resume task' })
    .click();
  await expect(table.getByRole('row', { name: /Email brief \(edited\)/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Active' }).click();
  await expect(table.getByRole('row', { name: /Email brief \(edited\)/ })).toBeVisible();

  // Delete, after confirming.
  await page.getByRole('button', { name: 'All Tasks' }).click();
  await table
    .getByRole('row', { name: /Webhook digest/ })
    .getByRole('button', { name: 'Delete task' })
    .click();
  const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
  await expect(dialog).toContainText('Webhook digest');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Task deleted')).toBeVisible();
  await expect(table.getByRole('row', { name: /Webhook digest/ })).toHaveCount(0);
  await expect(page.getByText(/Showing 1 of 1 task/)).toBeVisible();
});
