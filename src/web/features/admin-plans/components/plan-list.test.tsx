import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminPlan } from '#shared/admin/admin-plan.schema';
import { testAdmin } from '#test/fixtures';
import { errorResponse, sentBodies, stubApi } from '#web/testing/api-stubs';
import { fillIn } from '#web/testing/fill-in';
import { planLimits } from '#web/testing/plan-fixtures';
import { jsonResponse, renderRoutes } from '#web/testing/test-utils';
import { PlanList } from './plan-list';

const pro: AdminPlan = {
  id: '00000000-0000-4000-8000-000000000002',
  name: 'Pro',
  description: 'For power users',
  price: 900,
  currency: 'usd',
  billingCycle: 'month',
  isActive: true,
  stripePriceId: 'price_pro',
  subscribers: 12,
  limits: planLimits({ active_tasks: 20, monthly_runs: 5000 }),
};
const unlimited: AdminPlan = {
  ...pro,
  id: '00000000-0000-4000-8000-000000000004',
  name: 'Unlimited',
  description: null,
  price: 0,
  isActive: false,
  stripePriceId: null,
  subscribers: 1,
  limits: [],
};

describe('the plans page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists every plan with its price, limits, subscribers and whether it is for sale', async () => {
    stubApi({ me: testAdmin, handlers: { 'GET /api/admin/plans': () => jsonResponse({ plans: [pro, unlimited] }) } });
    renderRoutes([{ path: '/', element: <PlanList /> }]);

    const table = await screen.findByRole('table', { name: 'Plans' });
    await within(table).findByText('Unlimited');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'Price', 'Limits', 'Subscribers', 'Status', 'Actions']);
    const [, proRow, unlimitedRow] = within(table).getAllByRole('row');
    expect(proRow?.textContent).toContain('$9.00 / month');
    expect(proRow?.textContent).toContain('20 active tasks');
    expect(proRow?.textContent).toContain('12');
    expect(within(proRow!).getByText('For sale')).toBeTruthy();
    expect(within(unlimitedRow!).getByText('Not for sale')).toBeTruthy();
    expect(within(unlimitedRow!).getByText('No limits')).toBeTruthy();
  });

  it('checks the form before saving, then sends the edited plan and its limits', async () => {
    const fetchMock = stubApi({
      me: testAdmin,
      handlers: {
        'GET /api/admin/plans': () => jsonResponse({ plans: [pro] }),
        [`PATCH /api/admin/plans/${pro.id}`]: () => jsonResponse({ plan: { ...pro, price: 1500 } }),
      },
    });
    renderRoutes([{ path: '/', element: <PlanList /> }]);

    await userEvent.click(await screen.findByRole('button', { name: 'Edit Pro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Plan' });
    const price = within(dialog).getByLabelText('Price');
    await fillIn(userEvent, price, '15.001');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Plan' }));
    expect(await within(dialog).findByText('Price must be an amount such as 9.00')).toBeTruthy();
    expect(sentBodies(fetchMock, 'PATCH', `/api/admin/plans/${pro.id}`)).toEqual([]);

    await fillIn(userEvent, price, '15');
    await userEvent.clear(within(dialog).getByLabelText('Runs a month'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Plan' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Plan' })).toBeNull());
    expect(sentBodies(fetchMock, 'PATCH', `/api/admin/plans/${pro.id}`)).toEqual([
      expect.objectContaining({
        price: 1500,
        limits: planLimits({ active_tasks: 20, monthly_runs: null, min_interval_minutes: null }),
      }),
    ]);
  });

  it('shows the server’s verdict under the field it belongs to', async () => {
    stubApi({
      me: testAdmin,
      handlers: {
        'GET /api/admin/plans': () => jsonResponse({ plans: [pro] }),
        'POST /api/admin/plans': () =>
          errorResponse(400, 'validation_failed', 'A Stripe price id starts with price_', {
            stripePriceId: 'A Stripe price id starts with price_',
          }),
      },
    });
    renderRoutes([{ path: '/', element: <PlanList /> }]);

    await userEvent.click(await screen.findByRole('button', { name: 'Create Plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Plan' });
    await fillIn(userEvent, within(dialog).getByLabelText('Name'), 'Team');
    await fillIn(userEvent, within(dialog).getByLabelText('Price'), '49');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Plan' }));
    expect(await within(dialog).findByText('A Stripe price id starts with price_')).toBeTruthy();
  });

  it('gives the focus back to the button that opened the form, after Escape and after saving', async () => {
    stubApi({
      me: testAdmin,
      handlers: {
        'GET /api/admin/plans': () => jsonResponse({ plans: [pro] }),
        [`PATCH /api/admin/plans/${pro.id}`]: () => jsonResponse({ plan: { ...pro, price: 1500 } }),
      },
    });
    const user = userEvent.setup();
    renderRoutes([{ path: '/', element: <PlanList /> }]);
    const edit = await screen.findByRole('button', { name: 'Edit Pro' });
    const create = screen.getByRole('button', { name: 'Create Plan' });

    await user.click(create);
    await screen.findByRole('dialog', { name: 'Create Plan' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(document.activeElement).toBe(create));

    await user.click(edit);
    await screen.findByRole('dialog', { name: 'Edit Plan' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(document.activeElement).toBe(edit));

    await user.click(edit);
    const dialog = await screen.findByRole('dialog', { name: 'Edit Plan' });
    await fillIn(user, within(dialog).getByLabelText('Price'), '15');
    await user.click(within(dialog).getByRole('button', { name: 'Save Plan' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit Pro' })));
  });

  it('saves once for a double click', async () => {
    const fetchMock = stubApi({
      me: testAdmin,
      handlers: {
        'GET /api/admin/plans': () => jsonResponse({ plans: [pro] }),
        [`PATCH /api/admin/plans/${pro.id}`]: () => jsonResponse({ plan: { ...pro, price: 1500 } }),
      },
    });
    const user = userEvent.setup();
    // Both clicks before the page can render anything in between, as a quick double click can land.
    const quick = userEvent.setup({ delay: null });
    renderRoutes([{ path: '/', element: <PlanList /> }]);

    await user.click(await screen.findByRole('button', { name: 'Edit Pro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Plan' });
    await fillIn(user, within(dialog).getByLabelText('Price'), '15');
    await quick.dblClick(within(dialog).getByRole('button', { name: 'Save Plan' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sentBodies(fetchMock, 'PATCH', `/api/admin/plans/${pro.id}`)).toHaveLength(1);
  });
});
