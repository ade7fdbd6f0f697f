import { expect, signedInWithTask, test } from './fixtures';

// The browser's zone, which the default schedule offers first.
test.use({ timezoneId: 'Europe/Berlin' });

test("a default zone saved in Settings is said there, and a UTC task's page shows UTC with Berlin in brackets", async ({ page }) => {
  // A new account whose only task runs daily at 09:00 UTC: its times show in UTC until a default schedule is saved.
  await signedInWithTask(page, { name: 'Zoe Zone', taskName: 'UTC digest' });

  await page.goto('/dashboard/settings?tab=schedule');
  const note = page.getByText(/^Times across the app are shown in/);
  await expect(note).toHaveText(
    'Times across the app are shown in UTC until you save a default schedule, then in its time zone. Saving shows them in Europe/Berlin instead.',
  );
  await page.getByRole('button', { name: 'Save Schedule' }).click();
  await expect(page.getByText('Default schedule saved')).toBeVisible();
  await expect(note).toHaveText("Times across the app are shown in Europe/Berlin, this schedule's time zone.");

  // The task's page keeps the task's zone, named, and gives the reader's own reading beside it (ADR 0110).
  await page.goto('/dashboard/tasks');
  await page.getByRole('table').getByRole('link', { name: 'UTC digest' }).click();
  const detail = (label: string) => page.getByText(label, { exact: true }).locator('xpath=following-sibling::dd');
  await expect(detail('Runs')).toContainText("Runs at this time in the task's time zone, UTC.");
  await expect(detail('Next run')).toHaveText(/^\w{3}, \w{3} \d{1,2}, \d{4}, 9:00\sAM in UTC \((10|11):00\sAM in Europe\/Berlin\)$/);
});
