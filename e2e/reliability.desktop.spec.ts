import { allMailTo, confirmOwnAddress, dailyTaskBody, expect, signUp, test } from './fixtures';

/**
 * The next whole minute at least 45 s away, as "HH:MM" in UTC: an hourly task fires at this minute of every hour. The
 * owner confirms the address before then.
 */
function nextMinuteOfTheHour(): string {
  const slot = new Date(Math.ceil((Date.now() + 45_000) / 60_000) * 60_000);
  return slot.toISOString().slice(11, 16);
}

test('a scheduled run shows its lateness and the mail server’s receipt, and the task its reliability', async ({ page }) => {
  // Up to 105 s until the slot, the model's 2 s and the e-mail, on a busy two-core machine.
  test.setTimeout(210_000);
  const email = await signUp(page, { name: 'Reliability Reader', label: 'reliability' });
  const created = await page.request.post('/api/tasks', {
    data: { ...dailyTaskBody({ name: 'Punctual digest', email }), scheduleType: 'hourly', localTime: nextMinuteOfTheHour() },
    headers: { Origin: test.info().project.use.baseURL ?? '' },
  });
  expect(created.ok(), await created.text()).toBe(true);
  // A new account's address receives results once confirmed from the sign-up mail (ADR 0109).
  await confirmOwnAddress(page, { email });

  // The scheduler fires it at its slot and the result is e-mailed to the owner.
  await expect
    .poll(async () => (await allMailTo(email)).some((mail) => mail.subject.startsWith('Punctual digest: result of')), {
      timeout: 150_000,
    })
    .toBe(true);

  await page.goto('/dashboard/tasks');
  await page.getByRole('table').getByRole('link', { name: 'Punctual digest' }).click();

  // The task's card counts the slot: due once, delivered, nothing missed or doubled. On time or late depends on how
  // busy this machine is; either way the run was measured.
  const card = page.getByRole('region', { name: 'Reliability (last 30 days)' });
  const figure = (label: string) => card.getByText(label, { exact: true }).locator('xpath=following-sibling::dd');
  await expect(figure('Slots due')).toHaveText('1');
  const onTimeOrLate = [await figure('On time').textContent(), await figure('Late').textContent()];
  expect(
    onTimeOrLate.filter((text) => text?.startsWith('1')),
    onTimeOrLate.join(' / '),
  ).toHaveLength(1);
  await expect(figure('Missed')).toHaveText('0');
  await expect(figure('Duplicates')).toHaveText('0');
  await expect(figure('Deliveries confirmed')).toHaveText('1');

  // The run itself: when a worker began it, and what the mail server answered.
  const history = page.getByRole('list', { name: 'Runs, newest first' });
  await history
    .getByRole('button', { name: /^Details of the run started/ })
    .first()
    .click();
  await expect(history.getByText('Lateness', { exact: true }).locator('xpath=following-sibling::dd')).toHaveText(
    /^(On time \(|Late by )\d/,
  );
  await expect(history.getByText('Delivery receipt', { exact: true }).locator('xpath=following-sibling::dd')).toHaveText(
    /^Mail server: "250 .+"/,
  );

  // The same receipt in History's full results.
  await page.getByRole('link', { name: 'History', exact: true }).click();
  const row = page.getByRole('row', { name: /Punctual digest/ });
  await row.getByRole('button', { name: /^View Full Results of Punctual digest/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Punctual digest' });
  await expect(dialog.getByText('Delivery receipt', { exact: true }).locator('xpath=following-sibling::dd')).toHaveText(
    /^Mail server: "250 .+"/,
  );
  await expect(dialog.getByText('Lateness', { exact: true }).locator('xpath=following-sibling::dd')).toHaveText(/^(On time \(|Late by )\d/);

  // And the month's punctuality on the overview, beside the runs.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Overview' }).click();
  const statistics = page.getByRole('list', { name: 'Statistics' });
  await expect(statistics.locator('[data-stat="On Time"]')).toHaveText(/^\d+(\.\d)?%$/);
  await expect(statistics.getByText(/^p99 lateness \S+ this month$/)).toBeVisible();
});
