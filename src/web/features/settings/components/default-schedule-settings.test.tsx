import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast, Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserTimeZone } from '#web/lib/time-zones';
import { errorResponse, sentBodies, stubApi, stubSettingsApi, testSettings } from '#web/testing/api-stubs';
import { jsonResponse, renderRoutes } from '#web/testing/test-utils';
import { DefaultScheduleSettings } from './default-schedule-settings';

function renderSchedule() {
  return renderRoutes([
    {
      path: '/',
      element: (
        <>
          <DefaultScheduleSettings />
          <Toaster />
        </>
      ),
    },
  ]);
}

const timeInput = () => screen.getByLabelText('Time') as HTMLInputElement;
const zoneSelect = () => screen.getByLabelText('Time zone') as HTMLSelectElement;

describe('default schedule settings', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    toast.dismiss();
  });

  it('shows what new tasks start with until a schedule is saved: daily at 09:00 in the browser zone', async () => {
    stubSettingsApi();
    renderSchedule();

    const daily = (await screen.findByRole('radio', { name: /Daily/ })) as HTMLInputElement;
    expect(daily.checked).toBe(true);
    expect(timeInput().value).toBe('09:00');
    expect(zoneSelect().value).toBe(browserTimeZone());
  });

  it('shows the stored frequency, time and zone', async () => {
    stubSettingsApi({ initial: { ...testSettings, defaultSchedule: { type: 'monthly', time: '07:15', timezone: 'UTC' } } });
    renderSchedule();

    const monthly = (await screen.findByRole('radio', { name: /Monthly/ })) as HTMLInputElement;
    expect(monthly.checked).toBe(true);
    expect((screen.getByRole('radio', { name: /Weekly/ }) as HTMLInputElement).checked).toBe(false);
    expect(screen.getByRole('group', { name: 'Frequency' })).toBeTruthy();
    expect(timeInput().value).toBe('07:15');
    expect(zoneSelect().value).toBe('UTC');
    // The browser's zones are offered, UTC first.
    const options = [...zoneSelect().options].map((option) => option.value);
    expect(options[0]).toBe('UTC');
    expect(options).toContain('Europe/Berlin');
    expect(options).toContain('America/New_York');
  });

  it('saves the chosen schedule with the stored notifications and shows it again after a reload', async () => {
    const { fetchMock } = stubSettingsApi();
    const first = renderSchedule();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('radio', { name: /Weekly/ }));
    fireEvent.change(timeInput(), { target: { value: '18:30' } });
    await user.selectOptions(zoneSelect(), 'Europe/Berlin');
    await user.click(screen.getByRole('button', { name: 'Save Schedule' }));

    expect(await screen.findByText('Default schedule saved')).toBeTruthy();
    expect(sentBodies(fetchMock, 'PUT', '/api/me/settings')).toEqual([
      {
        notifications: testSettings.notifications,
        defaultSchedule: { type: 'weekly', time: '18:30', timezone: 'Europe/Berlin' },
        budget: null,
      },
    ]);

    first.unmount();
    renderSchedule();
    expect(((await screen.findByRole('radio', { name: /Weekly/ })) as HTMLInputElement).checked).toBe(true);
    expect(timeInput().value).toBe('18:30');
    expect(zoneSelect().value).toBe('Europe/Berlin');
  });

  it('asks for a time before saving', async () => {
    const { fetchMock } = stubSettingsApi();
    renderSchedule();
    const user = userEvent.setup();

    await screen.findByRole('radio', { name: /Daily/ });
    fireEvent.change(timeInput(), { target: { value: '' } });
    await user.click(screen.getByRole('button', { name: 'Save Schedule' }));

    expect(await screen.findByText('Please enter a time as HH:MM.')).toBeTruthy();
    expect(timeInput().getAttribute('aria-invalid')).toBe('true');
    expect(sentBodies(fetchMock, 'PUT', '/api/me/settings')).toEqual([]);
  });

  it("offers the browser's own zone as a shortcut", async () => {
    const ownZone = browserTimeZone();
    const savedZone = ownZone === 'Pacific/Auckland' ? 'America/New_York' : 'Pacific/Auckland';
    stubSettingsApi({ initial: { ...testSettings, defaultSchedule: { type: 'daily', time: '09:00', timezone: savedZone } } });
    renderSchedule();
    const user = userEvent.setup();

    await screen.findByRole('radio', { name: /Daily/ });
    expect(zoneSelect().value).toBe(savedZone);
    await user.click(screen.getByRole('button', { name: 'Use my time zone' }));

    expect(zoneSelect().value).toBe(ownZone);
    expect(screen.queryByRole('button', { name: 'Use my time zone' })).toBeNull();
    expect(screen.getByText("This is your browser's time zone.")).toBeTruthy();
  });

  it('keeps a saved zone selectable even when the browser does not list it', async () => {
    stubSettingsApi({ initial: { ...testSettings, defaultSchedule: { type: 'daily', time: '09:00', timezone: 'Asia/Calcutta' } } });
    renderSchedule();

    await screen.findByRole('radio', { name: /Daily/ });
    expect(zoneSelect().value).toBe('Asia/Calcutta');
  });

  it('reports a failed save', async () => {
    stubApi({
      handlers: {
        'GET /api/me/settings': () => jsonResponse(testSettings),
        'PUT /api/me/settings': () =>
          errorResponse(400, 'validation_failed', 'Please select a valid time zone.', {
            'defaultSchedule.timezone': 'Please select a valid time zone.',
          }),
      },
    });
    renderSchedule();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Save Schedule' }));

    expect(await screen.findByText('Error saving default schedule')).toBeTruthy();
    expect(zoneSelect().getAttribute('aria-invalid')).toBe('true');
  });

  it('shows a skeleton while loading, and a Retry button when loading fails', async () => {
    let failing = true;
    stubApi({
      handlers: {
        'GET /api/me/settings': () =>
          failing ? errorResponse(500, 'internal_error', 'The database is unavailable.') : jsonResponse(testSettings),
      },
    });
    renderSchedule();

    expect(screen.getByRole('status').textContent).toBe('Loading your default schedule...');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your default schedule could not be loaded.');

    failing = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));

    await waitFor(() => expect(screen.getByRole('radio', { name: /Daily/ })).toBeTruthy());
  });
});
