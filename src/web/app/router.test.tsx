import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Plan, Subscription } from '#shared/billing/plan.schema';
import { testAdmin, testUser } from '#test/fixtures';
import { stubApi } from '../testing/api-stubs';
import { jsonResponse, renderRoutes, siteConfigBody, stubPublicApi } from '../testing/test-utils';
import { routes } from './router';

describe('app routes', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the loading spinner while the first page loads, then the landing page', async () => {
    stubPublicApi();
    renderRoutes(routes, { initialPath: '/' });

    expect(screen.getByRole('status').textContent).toBe('Loading...');

    // The landing page is the first lazy route this file imports: under a full parallel run that can take seconds.
    expect(await screen.findByRole('heading', { level: 1, name: 'Time-Triggered AI Automation' }, { timeout: 5_000 })).toBeTruthy();
    expect(screen.getByText('Automate your workflow with AI-powered scheduled tasks.', { selector: 'main p' })).toBeTruthy();
    // The title is set by an effect after the page renders; under a loaded CI machine that can be a moment later.
    await waitFor(() => expect(document.title).toBe('Promptcron — Time-Triggered AI Automation'));
    expect(screen.getByRole('heading', { level: 2, name: 'Features' }).closest('section')?.id).toBe('features');
    expect(screen.getByRole('heading', { level: 2, name: 'Frequently Asked Questions' }).closest('section')?.id).toBe('faq');
  });

  it('links Join Waitlist to the configured form in a new tab and Get Started to /register', async () => {
    stubPublicApi();
    renderRoutes(routes, { initialPath: '/' });

    // Until the configuration arrives the button is a disabled placeholder without a target.
    const waitlist = await waitFor(() => {
      const link = screen.getByRole('link', { name: /Join Waitlist/ });
      expect(link.getAttribute('href')).toBe(siteConfigBody.waitlistUrl);
      return link;
    });
    expect(waitlist.getAttribute('target')).toBe('_blank');
    expect(waitlist.getAttribute('rel')).toBe('noopener noreferrer');

    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Get Started' }).getAttribute('href')).toBe('/register');
  });

  it('renders the footer with the copyright line, live status and the configured social profiles', async () => {
    stubPublicApi();
    renderRoutes(routes, { initialPath: '/' });

    const footer = await screen.findByRole('contentinfo');
    expect(within(footer).getByText(`© ${new Date().getFullYear()} Promptcron. All rights reserved.`)).toBeTruthy();
    expect(await within(footer).findByText('All systems operational')).toBeTruthy();

    for (const [label, href] of [
      ['X', siteConfigBody.social.x],
      ['LinkedIn', siteConfigBody.social.linkedin],
      ['GitHub', siteConfigBody.social.github],
    ] as const) {
      const link = await within(footer).findByRole('link', { name: label });
      expect(link.getAttribute('href')).toBe(href);
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }

    const footerNav = within(footer).getByRole('navigation', { name: 'Footer' });
    expect(
      within(footerNav)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Features', '/#features'],
      ['FAQ', '/#faq'],
      ['Documentation', '/docs'],
      ['Integrations', '/integrations'],
      ['Blog', '/blog'],
      ['Guides', '/guides'],
      ['Status', '/status'],
      ['About Us', '/about'],
      ['Contact', '/contact'],
      ['Privacy', '/privacy'],
      ['Terms', '/terms'],
    ]);
  });

  it('shows the 404 page inside the public layout for an unknown path', async () => {
    stubPublicApi();
    renderRoutes(routes, { initialPath: '/definitely/not/here' });

    expect(await screen.findByRole('heading', { level: 1, name: '404' })).toBeTruthy();
    expect(screen.getByText('Oops! Page not found')).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
  });

  it('shows an administrator the 404 inside the admin layout for an unknown admin page', async () => {
    stubApi({ me: testAdmin });
    renderRoutes(routes, { initialPath: '/admin/no-such-page' });

    expect(await screen.findByRole('heading', { level: 1, name: '404' }, { timeout: 5_000 })).toBeTruthy();
    const sidebar = await screen.findByRole('navigation', { name: 'Admin' });
    expect(
      within(sidebar)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Overview', 'Users', 'Workspaces', 'All Tasks', 'Plans', 'Audit Log', 'Settings', 'Back to Dashboard']);
  });

  it.each(['/admin', '/admin/users', '/admin/tasks', '/admin/plans', '/admin/audit', '/admin/settings', '/admin/no-such-page'])(
    'sends a user who is not an administrator from %s to /dashboard',
    async (path) => {
      stubApi({
        me: testUser,
        handlers: {
          'GET /api/dashboard': () => new Promise<Response>(() => {}),
          'GET /api/me/subscription': () => new Promise<Response>(() => {}),
        },
      });
      const { router } = renderRoutes(routes, { initialPath: path });
      await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'), { timeout: 5_000 });
    },
  );

  it('names the plan on the overview and reaches the subscription page from the sidebar, inside the layout', async () => {
    const free: Plan = {
      id: 'plan-free',
      name: 'Free',
      description: null,
      price: 0,
      currency: 'usd',
      billingCycle: 'month',
      isActive: true,
      limits: [],
    };
    const subscription: Subscription = {
      plan: free,
      status: 'active',
      currentPeriodStart: '2026-11-01T00:00:00.000Z',
      currentPeriodEnd: '2026-12-01T00:00:00.000Z',
      cancelAtPeriodEnd: false,
      paid: false,
      usage: [],
      paymentsConfigured: false,
    };
    stubApi({
      me: testUser,
      handlers: {
        'GET /api/plans': () => jsonResponse({ plans: [free] }),
        'GET /api/me/subscription': () => jsonResponse({ subscription }),
        'GET /api/dashboard': () =>
          jsonResponse({
            stats: { activeTasks: 0, runsCompleted: 0, successRate: null, runsThisMonth: 37, tokensThisMonth: 0, costUsdThisMonth: 0 },
            activeTasks: [],
            recentRuns: [],
            quota: {
              monthlyRunLimit: 300,
              runsThisMonth: 37,
              periodStart: subscription.currentPeriodStart,
              periodEnd: subscription.currentPeriodEnd,
            },
            activity: { timeZone: 'UTC', days: [] },
            punctuality: { timedRunsThisMonth: 0, onTimeShare: null, p99LatenessMs: null },
          }),
      },
    });
    const { router } = renderRoutes(routes, { initialPath: '/dashboard' });

    // The overview composes the subscription's plan name into the dashboard's quota card.
    const quota = await screen.findByRole('region', { name: 'Monthly quota' }, { timeout: 5_000 });
    expect(quota.textContent).toContain('37 of 300 runs this month');
    await waitFor(() => expect(quota.textContent).toContain('Free plan'));

    const sidebar = await screen.findByRole('navigation', { name: 'Dashboard' }, { timeout: 5_000 });
    await userEvent.click(within(sidebar).getByRole('link', { name: 'Subscription' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Subscription Plans' }, { timeout: 5_000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard/subscription');
    expect(await screen.findByRole('region', { name: 'Free' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Subscription' })).toBeTruthy();
  });

  it('sends a signed-out visitor from the subscription page to /login', async () => {
    stubApi({ me: null });
    const { router } = renderRoutes(routes, { initialPath: '/dashboard/subscription?success=true' });

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 5_000 });
  });
});
