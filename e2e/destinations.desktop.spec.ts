import { confirmOwnAddress, dailyTaskBody, expect, signUp, test } from './fixtures';

/**
 * ADRs 0127 and 0129: a task with two destinations, one of them failing, shows each destination's state in the run's
 * dialog and in the task's run history, and one of them is sent again with Replay.
 */
test("a task with two destinations shows each one's state, and Replay sends one again", async ({ page, context }) => {
  test.setTimeout(120_000);
  const email = await signUp(page, { name: 'Two Places', label: 'destinations' });
  const inbox = await context.newPage();
  await confirmOwnAddress(inbox, { email });
  await inbox.close();

  const { deliveryMethod: _method, deliveryConfig: _config, ...body } = dailyTaskBody({ name: 'Two places', email });
  const created = await page.request.post('/api/tasks', {
    data: {
      ...body,
      destinations: [
        { method: 'email', config: { email } },
        // Nothing listens on the discard port: every attempt fails, and the webhook waits for its next one.
        { method: 'webhook', config: { webhookUrl: 'http://127.0.0.1:9/hooks/promptcron' } },
      ],
    },
    headers: { Origin: test.info().project.use.baseURL ?? '' },
  });
  expect(created.ok(), await created.text()).toBe(true);

  await page.goto('/dashboard/tasks');
  await page.getByRole('table').getByRole('link', { name: 'Two places' }).click();
  await page.getByRole('button', { name: 'Run Now' }).click();
  await expect(page.getByText('Task completed')).toBeVisible({ timeout: 30_000 });

  await page.goto('/dashboard/history');
  await page.getByRole('button', { name: /^View Full Results of Two places/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Two places' });
  const mail = dialog.getByRole('listitem', { name: 'Destination 1: E-mail' });
  const webhook = dialog.getByRole('listitem', { name: 'Destination 2: Webhook' });
  await expect(mail.getByText('Delivered')).toBeVisible({ timeout: 30_000 });
  // Waiting for its next attempt, or failed after them all: either way not delivered, with its attempts counted.
  await expect(webhook.getByText(/^(Pending|Failed)$/)).toBeVisible();
  await expect(webhook.getByText(/^\d+ attempts?$/)).toBeVisible();
  await expect(webhook.getByText(/127\.0\.0\.1/)).toBeVisible();

  await mail.getByRole('button', { name: 'Replay' }).click();
  await expect(page.getByText('Sending to destination 1 again')).toBeVisible();
  await expect(mail.getByText(/Replayed 1 time/)).toBeVisible({ timeout: 30_000 });

  // The task's own run history shows the same state, replay included.
  await page.keyboard.press('Escape');
  await page.goto('/dashboard/tasks');
  await page.getByRole('table').getByRole('link', { name: 'Two places' }).click();
  await page.getByRole('button', { name: /^Details of the run started/ }).click();
  const details = page.getByRole('region', { name: 'Destinations' });
  await expect(details.getByRole('listitem', { name: 'Destination 1: E-mail' })).toContainText(/Delivered.*Replayed 1 time/);
  await expect(details.getByRole('listitem', { name: 'Destination 2: Webhook' }).getByText(/^(Pending|Failed)$/)).toBeVisible();
});
