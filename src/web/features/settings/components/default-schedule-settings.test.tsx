import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fieldRejected, renderSettingsTab, stubSettingsSave } from '#web/features/settings/testing/settings-tab';
import { browserTimeZone, timeZoneName } from '#web/lib/time-zones';
import { sentBodies, stubApi, stubSettingsApi, testSettings } from '#web/testing/api-stubs';
import { jsonResponse } from '#web/testing/test-utils';
import type { UserSettings } from '#shared/settings/user-settings.schema';
import { testUser } from '#test/fixtures';
import { restoreFetchAndDismissToasts } from '#web/testing/between-tests';
import { DefaultScheduleSettings } from './default-schedule-settings';

const renderSchedule = () => renderSettingsTab(<DefaultScheduleSettings />);

const timeInput = () => screen.getByLabelText('Time') as HTMLInputElement;
const zoneSelect = () => screen.getByLabelText('Time zone') as HTMLSelectElement;

describe('default schedule settings', () => {
  afterEach(restoreFetchAndDismissToasts);

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
    stubSettingsSave(() => fieldRejected('defaultSchedule.timezone', 'Please select a valid time zone.'));
    renderSchedule();

    await userEvent.setup().click(await screen.findByRole('button', { name: 'Save Schedule' }));

    expect(await screen.findByText('Error saving default schedule')).toBeTruthy();
    expect(zoneSelect().getAttribute('aria-invalid')).toBe('true');
  });

  it('says which zone the app shows times in, and that saving another moves them there (ADR 0110)', async () => {
    // The account's zone is the saved schedule's (ADR 0040): the stub answers as the server would.
    let stored: UserSettings = { ...testSettings, defaultSchedule: { type: 'daily', time: '09:00', timezone: 'Europe/Berlin' } };
    stubApi({
      me: () => ({ ...testUser, timeZone: stored.defaultSchedule?.timezone ?? 'UTC' }),
      handlers: {
        'GET /api/me/settings': () => jsonResponse(stored),
        'PUT /api/me/settings': ({ body }) => {
          stored = body as UserSettings;
          return jsonResponse(stored);
        },
      },
    });
    renderSchedule();
    const user = userEvent.setup();

    expect(await screen.findByText("Times across the app are shown in Europe/Berlin, this schedule's time zone.")).toBeTruthy();
    await user.selectOptions(zoneSelect(), 'America/New_York');
    expect(
      screen.getByText(
        "Times across the app are shown in Europe/Berlin, this schedule's time zone. Saving shows them in America/New York instead.",
      ),
    ).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Save Schedule' }));
    expect(await screen.findByText("Times across the app are shown in America/New York, this schedule's time zone.")).toBeTruthy();
  });

  it('says the zone times are shown in until a default schedule is saved', async () => {
    const accountZone = browserTimeZone() === 'Asia/Tokyo' ? 'America/Chicago' : 'Asia/Tokyo';
    stubSettingsApi({ me: { ...testUser, timeZone: accountZone } });
    renderSchedule();

    const note = `Times across the app are shown in ${accountZone} until you save a default schedule, then in its time zone.`;
    // The form starts in the browser's zone, which saving would make the app's.
    expect(await screen.findByText(`${note} Saving shows them in ${timeZoneName(browserTimeZone())} instead.`)).toBeTruthy();
  });
});
