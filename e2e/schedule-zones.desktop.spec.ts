import { expect, signUp, test } from './fixtures';

// A reader in Berlin whose cron is read in New York: the form shows the cron's own zone, not the browser's.
test.use({ timezoneId: 'Europe/Berlin' });

const day = 24 * 60 * 60_000;

/**
 * New York's next spring-forward day (the second Sunday of March) at least three days away, so the start date two days
 * before it is still ahead: the browser's clock cannot be moved that far, but a cron honours its start date (ADR 0116).
 */
function nextSpringForward(now = Date.now()): Date {
  for (let year = new Date(now).getUTCFullYear(); ; year++) {
    const firstOfMarch = new Date(Date.UTC(year, 2, 1));
    const secondSunday = new Date(firstOfMarch.getTime() + (((7 - firstOfMarch.getUTCDay()) % 7) + 7) * day);
    if (secondSunday.getTime() - now > 3 * day) return secondSunday;
  }
}

const isoDate = (date: Date) => date.toISOString().slice(0, 10);
/** A day as the warning and the run lists write it: "Sun, Mar 14, 2027". */
const written = (date: Date) =>
  new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' }).format(date);

test('a custom cron read in New York crosses the spring-forward change, with its note, its warning and the skip policy', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const change = nextSpringForward();
  const before = new Date(change.getTime() - 2 * day);
  const after = new Date(change.getTime() + day);
  await signUp(page, { name: 'Cora Cron', label: 'schedule-zones' });

  await page.goto('/dashboard/tasks/new');
  await page.getByLabel('Task Name').fill('Night digest');
  await page.getByLabel('Prompt', { exact: true }).fill('Summarise what happened overnight in three lines.');
  // The choices are cards; their radios are visually hidden, so click the card as a person would.
  await page.getByText('Custom', { exact: true }).click();
  await page.getByLabel('Cron Expression', { exact: true }).fill('30 2 * * *');
  await expect(page.getByText(/^Five fields: .* or a macro such as @daily, read in the cron time zone\./)).toBeVisible();
  await expect(page.getByText(/in UTC/)).toHaveCount(0);
  // The cron's zone starts as the task's (the browser's), and may be another.
  const cronZone = page.getByLabel('Cron Time Zone');
  await expect(cronZone).toHaveValue('Europe/Berlin');
  await cronZone.selectOption('America/New_York');
  await page.getByLabel('Start Date').fill(isoDate(before));

  const nextRuns = page.getByRole('region', { name: 'Next runs' });
  const runs = nextRuns.getByRole('listitem');
  await expect(runs).toHaveCount(10);
  await expect(nextRuns).toContainText('Times in America/New York.');
  // 02:30 does not exist on the change day: it runs at 03:00, and says so.
  await expect(runs.nth(0)).toHaveText(`${written(before)}, 02:30 AM`);
  await expect(runs.nth(2)).toHaveText(
    `${written(change)}, 03:00 AMClocks go forward: the time does not exist that day, so it runs at the first minute after.`,
  );
  await expect(runs.nth(3)).toHaveText(`${written(after)}, 02:30 AM`);
  const warnings = page.getByRole('list', { name: 'Daylight saving warnings' });
  await expect(warnings).toHaveText(
    `On ${written(change)} 02:30 does not exist in America/New_York (clocks go forward): it runs at 03:00.`,
  );

  // Skip that day instead: the change day leaves the list, and the warning says so.
  await page.getByLabel('If the time does not exist that day').selectOption({ label: 'Skip that day' });
  await expect(warnings).toHaveText(
    `On ${written(change)} 02:30 does not exist in America/New_York (clocks go forward): that day is skipped.`,
  );
  await expect(runs.nth(2)).toHaveText(`${written(after)}, 02:30 AM`);
  await expect(nextRuns.getByText(written(change))).toHaveCount(0);
  await expect(nextRuns.getByText('Clocks go forward', { exact: false })).toHaveCount(0);

  await page.getByRole('button', { name: 'Create Task' }).click();
  await expect(page.getByText('Task created')).toBeVisible();
  const table = page.getByRole('table');
  await expect(table.getByRole('row', { name: /Night digest/ })).toContainText('30 2 * * * (America/New_York)');
  await table.getByRole('link', { name: 'Night digest' }).click();

  // The task page: the cron's zone, the chosen policy, and the same upcoming runs as the form showed.
  const detail = (label: string) => page.getByText(label, { exact: true }).locator('xpath=following-sibling::dd');
  await expect(detail('Runs')).toContainText('The cron expression is read in America/New York.');
  await expect(detail('Runs')).toContainText('If the time does not exist that day: skip that day.');
  const upcoming = page.getByRole('region', { name: 'Upcoming runs' });
  const upcomingRuns = upcoming.getByRole('listitem');
  await expect(upcomingRuns).toHaveCount(10);
  await expect(upcomingRuns.nth(0)).toHaveText(`${written(before)}, 02:30 AM`);
  await expect(upcomingRuns.nth(2)).toHaveText(`${written(after)}, 02:30 AM`);
  await expect(upcoming.getByText(written(change))).toHaveCount(0);
  await expect(upcoming).toContainText('Times in America/New York.');
});
