import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testAdmin } from '#test/fixtures';
import { formatLocalDate } from '#web/lib/date-time';
import { errorResponse, requested, sentBodies, stubApi, type StubRequest } from '#web/testing/api-stubs';
import {
  freePlan as free,
  makeSubscription as subscription,
  planLimits,
  subscriptionPeriodEnd as periodEnd,
} from '#web/testing/plan-fixtures';
import { jsonResponse, renderWithToasts } from '#web/testing/test-utils';
import type * as BillingSessionModule from '../api/billing-session';
import { redirectToBillingSession } from '../api/billing-session';
import type { Plan } from '../api/get-plans';
import type { Subscription } from '../api/get-subscription';
import { SubscriptionPage } from './subscription-page';

// Leaving the page for Stripe is what these tests watch; happy-dom would otherwise try to load the address.
vi.mock('../api/billing-session', async (importOriginal) => ({
  ...(await importOriginal<typeof BillingSessionModule>()),
  redirectToBillingSession: vi.fn(),
}));
// The worker's next file gets the real module (vitest.config.ts: the web project does not isolate files).
afterAll(() => vi.doUnmock('../api/billing-session'));

const pro: Plan = {
  ...free,
  id: 'plan-pro',
  name: 'Pro',
  description: 'For daily work',
  price: 900,
  limits: planLimits({ active_tasks: 50, monthly_runs: 5000, min_interval_minutes: 1, webhooks: 3 }),
};
const business: Plan = {
  ...free,
  id: 'plan-business',
  name: 'Business',
  description: null,
  price: 2900,
  limits: planLimits({ active_tasks: null, monthly_runs: 50000, min_interval_minutes: 1 }),
};
const unlimited: Plan = {
  ...free,
  id: 'plan-unlimited',
  name: 'Unlimited',
  description: 'Given by an administrator',
  isActive: false,
  limits: [],
};

function stubBilling({
  current = subscription(),
  handlers = {},
}: { current?: Subscription; handlers?: Record<string, (request: StubRequest) => Response | Promise<Response>> } = {}) {
  return stubApi({
    handlers: {
      'GET /api/plans': () => jsonResponse({ plans: [free, pro, business] }),
      'GET /api/me/subscription': () => jsonResponse({ subscription: current }),
      ...handlers,
    },
  });
}

function renderPage(initialPath = '/dashboard/subscription') {
  return renderWithToasts([{ path: '/dashboard/subscription', element: <SubscriptionPage /> }], { initialPath });
}

function card(name: string) {
  return screen.getByRole('region', { name });
}

function limits(name: string) {
  return within(card(name))
    .getAllByRole('listitem')
    .map((item) => item.textContent);
}

describe('subscription page', () => {
  beforeEach(() => vi.mocked(redirectToBillingSession).mockReset());
  afterEach(() => {
    vi.unstubAllGlobals();
    toast.dismiss();
  });

  it("tells a team's member who is not its owner that billing is the owner's, and asks nothing of the billing routes", async () => {
    const fetchMock = stubBilling();
    renderWithToasts([{ path: '/dashboard/subscription', element: <SubscriptionPage access="owner-only" /> }], {
      initialPath: '/dashboard/subscription',
    });

    expect(await screen.findByText('Only the workspace owner can manage billing.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Subscription Plans' })).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    expect(requested(fetchMock, '/api/me/subscription')).toBe(false);
    expect(requested(fetchMock, '/api/plans')).toBe(false);
  });

  it('shows one card per plan, cheapest first, with prices, limits in words and usage on the current plan', async () => {
    stubBilling();
    renderPage();

    expect(screen.getByRole('heading', { name: 'Subscription Plans' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Loading subscription plans...');

    await screen.findByRole('region', { name: 'Free' });
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(['Free', 'Pro', 'Business']);

    expect(card('Free').querySelector('[data-plan-price]')?.textContent).toBe('Free');
    expect(card('Pro').querySelector('[data-plan-price]')?.textContent).toBe('$9.00 / month');
    expect(card('Business').querySelector('[data-plan-price]')?.textContent).toBe('$29.00 / month');
    expect(within(card('Pro')).getByText('For daily work')).toBeTruthy();

    expect(within(card('Free')).getByText('Current Plan')).toBeTruthy();
    expect(within(card('Pro')).queryByText('Current Plan')).toBeNull();
    expect(limits('Free')).toEqual(['3 of 5 active tasks', '37 of 300 runs this month', 'Runs at most every 60 minutes']);
    expect(limits('Pro')).toEqual([
      '50 active tasks',
      `${(5000).toLocaleString()} runs a month`,
      'Runs at most every minute',
      'webhooks: 3',
    ]);
    expect(limits('Business')).toEqual(['Unlimited active tasks', `${(50000).toLocaleString()} runs a month`, 'Runs at most every minute']);
    expect(card('Free').textContent).toContain(`Usage resets on ${formatLocalDate(periodEnd)}`);

    // Free and current: no button; the paid plans can be bought.
    expect(within(card('Free')).queryByRole('button')).toBeNull();
    for (const name of ['Pro', 'Business'])
      expect((within(card(name)).getByRole('button', { name: 'Subscribe' }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByText('Payments are not configured on this server.')).toBeNull();
  });

  it('shows a plan that is not for sale first, as the current plan, and the free plan as a disabled button', async () => {
    stubBilling({ current: subscription({ plan: unlimited, usage: [{ featureName: 'monthly_runs', usageCount: 12 }] }) });
    renderPage();

    await screen.findByRole('region', { name: 'Unlimited' });
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Unlimited',
      'Free',
      'Pro',
      'Business',
    ]);
    expect(within(card('Unlimited')).getByText('Current Plan')).toBeTruthy();
    expect(limits('Unlimited')).toEqual(['No limits']);
    expect((within(card('Free')).getByRole('button', { name: 'Free Plan' }) as HTMLButtonElement).disabled).toBe(true);
    // Given by an administrator: nothing to buy over it, and the page says so.
    expect(screen.getByText('Your Unlimited plan was given by an administrator: there is nothing to buy.')).toBeTruthy();
    for (const name of ['Pro', 'Business']) expect(within(card(name)).queryByRole('button')).toBeNull();
    // Each plan not bought says why, rather than standing there with nothing to click (issue 37).
    for (const name of ['Pro', 'Business']) expect(within(card(name)).getByText('Ask an administrator to change your plan.')).toBeTruthy();
  });

  it('shows an administrator on a given plan where plans are changed', async () => {
    stubApi({
      me: testAdmin,
      handlers: {
        'GET /api/plans': () => jsonResponse({ plans: [free, pro, business] }),
        'GET /api/me/subscription': () => jsonResponse({ subscription: subscription({ plan: unlimited }) }),
      },
    });
    renderPage();

    await screen.findByRole('region', { name: 'Unlimited' });
    for (const name of ['Pro', 'Business']) {
      const link = await within(card(name)).findByRole('link', { name: 'Admin → Users' });
      expect(link.getAttribute('href')).toBe('/admin/users');
    }
  });

  it('disables Subscribe and says why when payments are not configured', async () => {
    stubBilling({ current: subscription({ paymentsConfigured: false }) });
    renderPage();

    const note = await screen.findByText('Payments are not configured on this server.');
    const subscribe = within(card('Pro')).getByRole('button', { name: 'Subscribe' }) as HTMLButtonElement;
    expect(subscribe.disabled).toBe(true);
    expect(subscribe.getAttribute('aria-describedby')).toBe(note.id);
  });

  it('starts a checkout for the plan and sends the browser to its url', async () => {
    let answer!: (response: Response) => void;
    const fetchMock = stubBilling({
      handlers: { 'POST /api/billing/checkout': () => new Promise<Response>((resolve) => (answer = resolve)) },
    });
    renderPage();

    await userEvent.click(await within(await screen.findByRole('region', { name: 'Pro' })).findByRole('button', { name: 'Subscribe' }));
    const processing = await within(card('Pro')).findByRole('button', { name: 'Processing...' });
    expect((within(card('Business')).getByRole('button', { name: 'Subscribe' }) as HTMLButtonElement).disabled).toBe(true);
    expect(sentBodies(fetchMock, 'POST', '/api/billing/checkout')).toEqual([{ planId: 'plan-pro' }]);

    answer(jsonResponse({ url: 'https://checkout.stripe.test/session/cs_1' }));
    await waitFor(() => expect(redirectToBillingSession).toHaveBeenCalledWith('https://checkout.stripe.test/session/cs_1'));
    // The page is leaving: the button keeps saying so rather than inviting a second click.
    expect(processing.textContent).toBe('Processing...');
  });

  it('reports a failed checkout with the server message, and an answer without a url', async () => {
    let answer = () => errorResponse(400, 'payments_not_configured', 'Payments are not configured on this server.');
    stubBilling({ handlers: { 'POST /api/billing/checkout': () => answer() } });
    renderPage();

    await userEvent.click(await within(await screen.findByRole('region', { name: 'Pro' })).findByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Failed to create subscription')).toBeTruthy();
    expect(screen.getByText('Payments are not configured on this server.')).toBeTruthy();
    expect(within(card('Pro')).getByRole('button', { name: 'Subscribe' })).toBeTruthy();

    answer = () => jsonResponse({});
    await userEvent.click(within(card('Pro')).getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('No session URL returned from Stripe')).toBeTruthy();
    expect(redirectToBillingSession).not.toHaveBeenCalled();
  });

  it('says the user must be logged in when the checkout answers 401', async () => {
    stubBilling({ handlers: { 'POST /api/billing/checkout': () => errorResponse(401, 'unauthorized', 'Not signed in') } });
    renderPage();

    await userEvent.click(await within(await screen.findByRole('region', { name: 'Pro' })).findByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('You must be logged in to subscribe')).toBeTruthy();
  });

  it('lets a paying user manage the subscription in the portal, and change plans there', async () => {
    const fetchMock = stubBilling({
      current: subscription({ plan: pro, paid: true, cancelAtPeriodEnd: true }),
      handlers: { 'POST /api/billing/portal': () => jsonResponse({ url: 'https://billing.stripe.test/p/session_1' }) },
    });
    renderPage();

    const current = await screen.findByRole('region', { name: 'Pro' });
    expect(within(current).getByText('Current Plan')).toBeTruthy();
    expect(current.textContent).toContain(`Cancels on ${formatLocalDate(periodEnd)}`);
    expect(within(card('Business')).getByRole('button', { name: 'Change plan' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Subscribe' })).toBeNull();

    await userEvent.click(within(current).getByRole('button', { name: 'Manage Subscription' }));
    await waitFor(() => expect(redirectToBillingSession).toHaveBeenCalledWith('https://billing.stripe.test/p/session_1'));
    expect(sentBodies(fetchMock, 'POST', '/api/billing/portal')).toHaveLength(1);
    expect(sentBodies(fetchMock, 'POST', '/api/billing/checkout')).toHaveLength(0);
  });

  it('says when a paid plan renews, and reports a failed portal request', async () => {
    stubBilling({
      current: subscription({ plan: pro, paid: true }),
      handlers: { 'POST /api/billing/portal': () => errorResponse(502, 'payment_provider', 'Stripe is unreachable') },
    });
    renderPage();

    const current = await screen.findByRole('region', { name: 'Pro' });
    expect(current.textContent).toContain(`Renews on ${formatLocalDate(periodEnd)}`);
    await userEvent.click(within(current).getByRole('button', { name: 'Manage Subscription' }));
    expect(await screen.findByText('Failed to manage subscription')).toBeTruthy();
    expect(screen.getByText('Stripe is unreachable')).toBeTruthy();
    expect(within(current).getByRole('button', { name: 'Manage Subscription' })).toBeTruthy();
  });

  it('warns about a failed payment with a way to fix it', async () => {
    stubBilling({ current: subscription({ plan: pro, paid: true, status: 'past_due' }) });
    renderPage();

    const warning = await screen.findByRole('alert');
    expect(warning.textContent).toContain('Payment failed: update your payment method');
    expect(within(warning).getByRole('button', { name: 'Manage Subscription' })).toBeTruthy();
  });

  it('announces a completed checkout once and drops the parameter', async () => {
    stubBilling({ current: subscription({ plan: pro, paid: true }) });
    const { router } = renderPage('/dashboard/subscription?success=true');

    expect(await screen.findByText('Subscription created successfully')).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('claims no subscription after a checkout return on a server without payments', async () => {
    stubBilling({ current: subscription({ paymentsConfigured: false }) });
    const { router } = renderPage('/dashboard/subscription?success=true');

    expect(await screen.findByText('Payments are not configured on this server.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(within(card('Free')).getByText('Current Plan')).toBeTruthy();
    expect(screen.queryByText('Subscription created successfully')).toBeNull();
    expect(screen.queryByText('Activating your subscription...')).toBeNull();
  });

  it('lays four plans out without leaving one alone on a row', async () => {
    stubBilling({ current: subscription({ plan: unlimited }) });
    renderPage();

    const grid = (await screen.findByRole('region', { name: 'Business' })).parentElement;
    if (!grid) throw new Error('The plan cards have no grid');
    expect(grid.children).toHaveLength(4);
    // The columns at each Tailwind width, from the grid's classes: a width keeps the last count set at or below it.
    const classes = grid.className.split(' ');
    let columns = 1;
    for (const prefix of ['', 'sm:', 'md:', 'lg:', 'xl:', '2xl:']) {
      const set = classes.find((name) => name.startsWith(`${prefix}grid-cols-`));
      if (set) columns = Number(set.slice(`${prefix}grid-cols-`.length));
      const width = prefix || 'phone';
      expect({ width, cardsOnAShortLastRow: 4 % columns }).toEqual({ width, cardsOnAShortLastRow: 0 });
    }
  });

  it('says the subscription is activating after a checkout until the webhook has changed the plan', async () => {
    let current = subscription();
    stubBilling({ handlers: { 'GET /api/me/subscription': () => jsonResponse({ subscription: current }) } });
    renderPage('/dashboard/subscription?success=true');

    const activating = await screen.findByText('Activating your subscription...');
    expect(activating.getAttribute('role')).toBe('status');
    expect(within(card('Free')).getByText('Current Plan')).toBeTruthy();
    // Stripe's redirect alone is no subscription: success is said once the plan is paid.
    expect(screen.queryByText('Subscription created successfully')).toBeNull();

    current = subscription({ plan: pro, paid: true });
    // The page polls every 2 seconds while it waits.
    await waitFor(() => expect(within(card('Pro')).getByText('Current Plan')).toBeTruthy(), { timeout: 4_000 });
    expect(screen.queryByText('Activating your subscription...')).toBeNull();
    expect(await screen.findByText('Subscription created successfully')).toBeTruthy();
  });

  it('announces a canceled checkout and drops the parameter', async () => {
    stubBilling();
    const { router } = renderPage('/dashboard/subscription?canceled=true');

    expect(await screen.findByText('Subscription creation canceled')).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByText('Activating your subscription...')).toBeNull();
  });

  it('reports a failed load and retries', async () => {
    let plansAnswer = () => errorResponse(500, 'internal', 'Something broke');
    stubBilling({ handlers: { 'GET /api/plans': () => plansAnswer() } });
    renderPage();

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to load subscription data');
    plansAnswer = () => jsonResponse({ plans: [free, pro, business] });
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'Pro' })).toBeTruthy();
  });
});
