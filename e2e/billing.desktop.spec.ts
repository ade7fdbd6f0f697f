import { dailyTaskBody, expect, signUp, test } from './fixtures';

/**
 * A Free user outgrows the plan and buys Pro. Payments go to the Stripe stand-in (test/stripe-server.ts, started by
 * global-setup.ts): its checkout page posts the signed events a real payment would to the product's webhook, then
 * sends the browser back to the plans page with ?success=true.
 */
test('a Free user hits the task limit, subscribes to Pro through checkout and opens the billing portal', async ({
  page,
  baseURL,
  browserErrors,
}) => {
  test.setTimeout(90_000);
  const stripeUrl = process.env.E2E_STRIPE_URL;
  if (!stripeUrl || !baseURL) throw new Error('E2E_STRIPE_URL and the base URL come from e2e/global-setup.ts');
  const email = await signUp(page, { name: 'Plan Buyer', label: 'billing' });

  await page.goto('/dashboard/subscription');
  const card = (name: string) => page.getByRole('region', { name });
  await expect(card('Free').getByText('Current Plan')).toBeVisible();
  await expect(card('Pro').getByRole('button', { name: 'Subscribe' })).toBeEnabled();
  await expect(card('Business').getByRole('button', { name: 'Subscribe' })).toBeEnabled();

  // Five active tasks, Free's limit, made through the API for speed; the browser's session and origin go with them.
  for (let index = 1; index <= 5; index += 1) {
    const response = await page.request.post('/api/tasks', {
      headers: { Origin: baseURL },
      data: dailyTaskBody({ name: `Daily brief ${index}`, email }),
    });
    expect(response.status()).toBe(201);
  }

  // The sixth, as a user would make it, is refused with the plan's words.
  browserErrors.expectFailedResponse(403);
  await page.goto('/dashboard/tasks/new');
  await page.getByLabel('Task Name').fill('One too many');
  await page.getByLabel('Prompt', { exact: true }).fill('Write a two-line evening greeting.');
  await page.getByRole('button', { name: 'Create Task' }).click();
  await expect(page.getByText('Your Free plan allows 5 active tasks. Upgrade your plan to add more.')).toBeVisible();

  await page.goto('/dashboard/subscription');
  await card('Pro').getByRole('button', { name: 'Subscribe' }).click();
  // Out to the stand-in's checkout page and back once it has told the product.
  await page.waitForURL(/\/dashboard\/subscription/);
  await expect(page.getByText('Subscription created successfully')).toBeVisible();
  await expect(card('Pro').getByText('Current Plan')).toBeVisible();
  await expect(card('Free').getByText('Current Plan')).toHaveCount(0);
  await expect(card('Pro').getByRole('listitem').first()).toHaveText('5 of 50 active tasks');
  await expect(card('Pro')).toContainText('Renews on');

  await page.goto('/dashboard');
  const quota = page.getByRole('region', { name: 'Monthly quota' });
  await expect(quota).toContainText('Pro plan');
  await expect(quota).toContainText(`of ${(5000).toLocaleString('en-US')} runs this month`);

  await page.goto('/dashboard/subscription');
  await card('Pro').getByRole('button', { name: 'Manage Subscription' }).click();
  await page.waitForURL(new RegExp(`^${stripeUrl}/portal/bps_`));
  await expect(page.getByRole('heading', { name: 'Stand-in billing portal' })).toBeVisible();
});
