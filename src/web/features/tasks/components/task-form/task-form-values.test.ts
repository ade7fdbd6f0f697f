import { describe, expect, it } from 'vitest';
import { defaultUserSettings } from '#shared/settings/user-settings.schema';
import { taskInputSchema } from '#shared/tasks/task.schema';
import { makeTask } from '#web/testing/task-fixtures';
import { newTaskFormValues, taskFormSchema, taskFormValuesOf, toTaskInput, upcomingRuns } from './task-form-values';

// A winter day: Berlin is UTC+1, New York UTC-5.
const now = new Date('2026-01-14T12:00:00Z');

describe('task form values', () => {
  it('starts a new task daily at 09:00 on GPT-5 nano, e-mailed to the user, today, in the browser zone', () => {
    expect(newTaskFormValues({ email: 'jane@example.com', browserZone: 'Europe/Berlin', now })).toEqual({
      name: '',
      description: '',
      provider: 'openai',
      model: 'gpt-5-nano',
      scheduleType: 'daily',
      localTime: '09:00',
      startDate: '2026-01-14',
      timezone: 'Europe/Berlin',
      customCron: '',
      cronTimezone: 'Europe/Berlin',
      dstGap: 'shift',
      dstRepeat: 'first',
      prompt: { input: '', temperature: 1, searchEnabled: false },
      deliveryMethod: 'email',
      deliveryConfig: { email: 'jane@example.com', webhookUrl: '' },
      deliverWhen: 'always',
      deliveryCondition: '',
      budget: null,
      catchUpWindow: 3_600,
      overlap: 'skip',
      fallback: null,
      outputSchema: null,
      deliveryRules: null,
      itemKey: null,
      watchedFields: [],
    });
  });

  it('takes the saved default schedule, and the browser zone until one is saved', () => {
    const saved = { ...defaultUserSettings, defaultSchedule: { type: 'weekly' as const, time: '18:30', timezone: 'Pacific/Auckland' } };
    expect(newTaskFormValues({ email: '', settings: saved, browserZone: 'Europe/Berlin', now })).toMatchObject({
      scheduleType: 'weekly',
      localTime: '18:30',
      timezone: 'Pacific/Auckland',
      // Already the 15th in Auckland.
      startDate: '2026-01-15',
    });
    expect(newTaskFormValues({ email: '', settings: defaultUserSettings, browserZone: 'Europe/Berlin', now })).toMatchObject({
      scheduleType: 'daily',
      localTime: '09:00',
      timezone: 'Europe/Berlin',
    });
    // Saved on purpose, daily at 09:00 UTC is the user's choice like any other (it used to be taken for "never saved").
    const utcMorning = { ...defaultUserSettings, defaultSchedule: { type: 'daily' as const, time: '09:00', timezone: 'UTC' } };
    expect(newTaskFormValues({ email: '', settings: utcMorning, browserZone: 'Europe/Berlin', now })).toMatchObject({
      scheduleType: 'daily',
      localTime: '09:00',
      timezone: 'UTC',
    });
  });

  it("shows a stored task's local time as it is, and reads an older task's UTC time in its own zone (ADR 0116)", () => {
    expect(
      taskFormValuesOf(makeTask({ localTime: '02:30', scheduleTime: '07:30', startDate: '2027-03-14', timezone: 'America/New_York' }), now),
    ).toMatchObject({
      localTime: '02:30',
      startDate: '2027-03-14',
      description: 'Top headlines, summarised.',
      deliveryConfig: { email: 'jane@example.com', webhookUrl: '' },
      cronTimezone: 'America/New_York',
      dstGap: 'shift',
      dstRepeat: 'first',
    });
    // A task the API answered without a local time: its UTC time read on its start date (Berlin is UTC+1 in winter).
    expect(
      taskFormValuesOf(makeTask({ localTime: null, scheduleTime: '08:00', startDate: '2026-01-15', timezone: 'Europe/Berlin' }), now)
        .localTime,
    ).toBe('09:00');
    // A summer start date: Berlin is UTC+2 then.
    expect(
      taskFormValuesOf(makeTask({ localTime: null, scheduleTime: '07:00', startDate: '2026-07-01', timezone: 'Europe/Berlin' }), now)
        .localTime,
    ).toBe('09:00');
    // A custom task gets a time to start from if it is switched to a simple schedule, and keeps its cron's zone and policies.
    expect(
      taskFormValuesOf(
        makeTask({
          scheduleType: 'custom',
          localTime: null,
          scheduleTime: null,
          startDate: null,
          customCron: '0 9 * * 1',
          cronTimezone: 'UTC',
          dstGap: 'skip',
          dstRepeat: 'both',
        }),
        now,
      ),
    ).toMatchObject({
      localTime: '09:00',
      startDate: '2026-01-14',
      customCron: '0 9 * * 1',
      cronTimezone: 'UTC',
      dstGap: 'skip',
      dstRepeat: 'both',
    });
  });

  it('sends the local time as it is, in its zone, with the start date and the DST policies', () => {
    const values = taskInputSchema.parse({
      ...newTaskFormValues({ email: 'jane@example.com', browserZone: 'America/New_York', now }),
      name: 'Briefing',
      prompt: { input: 'Summarise the news of the day.', temperature: 1, searchEnabled: false },
    });
    const sent = toTaskInput(values);
    expect(sent).toMatchObject({
      localTime: '09:00',
      startDate: '2026-01-14',
      timezone: 'America/New_York',
      dstGap: 'shift',
      dstRepeat: 'first',
    });
    // The deprecated UTC field is never sent: a summer start date does not move the time either.
    expect(sent.scheduleTime).toBeUndefined();
    expect(toTaskInput({ ...values, startDate: '2026-07-01' })).toMatchObject({ localTime: '09:00', startDate: '2026-07-01' });
    expect(toTaskInput({ ...values, startDate: undefined })).toMatchObject({ localTime: '09:00' });
    // A local time in the spring-forward gap is sent as chosen, not moved to 03:30 or 01:30.
    expect(toTaskInput({ ...values, localTime: '02:30', startDate: '2027-03-14' })).toMatchObject({
      localTime: '02:30',
      startDate: '2027-03-14',
    });
    // A custom cron goes with the zone it is read in and its start date; the time of day does not.
    const custom = taskInputSchema.parse({
      ...values,
      scheduleType: 'custom',
      customCron: '30 2 * * *',
      cronTimezone: 'Europe/Berlin',
      dstGap: 'skip',
    });
    expect(toTaskInput(custom)).toMatchObject({
      customCron: '30 2 * * *',
      cronTimezone: 'Europe/Berlin',
      startDate: '2026-01-14',
      localTime: undefined,
      dstGap: 'skip',
    });
  });

  it('previews the next runs of a simple schedule in its zone, and of a valid cron in its own zone only', () => {
    const berlin = {
      localTime: '09:00',
      startDate: '2026-01-14',
      timezone: 'Europe/Berlin',
      customCron: '',
      cronTimezone: 'Europe/Berlin',
      dstGap: 'shift' as const,
      dstRepeat: 'first' as const,
    };
    const instants = (slots: { at: Date }[]) => slots.map((slot) => slot.at.toISOString());
    expect(upcomingRuns({ ...berlin, scheduleType: 'daily' }, now)).toEqual([
      { at: new Date('2026-01-15T08:00:00.000Z') },
      { at: new Date('2026-01-16T08:00:00.000Z') },
      { at: new Date('2026-01-17T08:00:00.000Z') },
    ]);
    // 06:30 in Berlin is 05:30 UTC in winter; the same cron read in UTC fires an hour later.
    expect(instants(upcomingRuns({ ...berlin, scheduleType: 'custom', customCron: '30 6 * * *' }, now))).toEqual([
      '2026-01-15T05:30:00.000Z',
      '2026-01-16T05:30:00.000Z',
      '2026-01-17T05:30:00.000Z',
    ]);
    expect(instants(upcomingRuns({ ...berlin, scheduleType: 'custom', customCron: '30 6 * * *', cronTimezone: 'UTC' }, now))).toEqual([
      '2026-01-15T06:30:00.000Z',
      '2026-01-16T06:30:00.000Z',
      '2026-01-17T06:30:00.000Z',
    ]);
    // A cron honours its start date, and macros are crons too.
    expect(instants(upcomingRuns({ ...berlin, scheduleType: 'custom', customCron: '@daily', startDate: '2026-02-01' }, now, 2))).toEqual([
      '2026-01-31T23:00:00.000Z',
      '2026-02-01T23:00:00.000Z',
    ]);
    expect(upcomingRuns({ ...berlin, scheduleType: 'custom', customCron: '61 * * * *' }, now)).toEqual([]);
    expect(upcomingRuns({ ...berlin, scheduleType: 'daily', localTime: undefined }, now)).toEqual([]);
  });

  it('previews ten runs across a daylight-saving change with their notes, as the chosen policies have it', () => {
    const newYork = {
      scheduleType: 'custom' as const,
      localTime: '09:00',
      startDate: '2027-03-12',
      timezone: 'America/New_York',
      customCron: '30 2 * * *',
      cronTimezone: 'America/New_York',
      dstGap: 'shift' as const,
      dstRepeat: 'first' as const,
    };
    const shifted = upcomingRuns(newYork, now, 10);
    expect(shifted).toHaveLength(10);
    // 02:30 does not exist on 2027-03-14: it runs at 03:00 EDT (07:00 UTC).
    expect(shifted.slice(0, 4)).toEqual([
      { at: new Date('2027-03-12T07:30:00.000Z') },
      { at: new Date('2027-03-13T07:30:00.000Z') },
      { at: new Date('2027-03-14T07:00:00.000Z'), note: 'dst_shifted' },
      { at: new Date('2027-03-15T06:30:00.000Z') },
    ]);
    const skipped = upcomingRuns({ ...newYork, dstGap: 'skip' }, now, 10);
    expect(skipped.map((slot) => slot.at.toISOString()).slice(0, 3)).toEqual([
      '2027-03-12T07:30:00.000Z',
      '2027-03-13T07:30:00.000Z',
      '2027-03-15T06:30:00.000Z',
    ]);
    expect(skipped.some((slot) => slot.note)).toBe(false);
    // 01:30 happens twice on 2027-11-07: once at the first (EDT), or at both.
    const autumn = { ...newYork, scheduleType: 'daily' as const, localTime: '01:30', startDate: '2027-11-06' };
    expect(upcomingRuns(autumn, now, 3)).toEqual([
      { at: new Date('2027-11-06T05:30:00.000Z') },
      { at: new Date('2027-11-07T05:30:00.000Z'), note: 'dst_repeated' },
      { at: new Date('2027-11-08T06:30:00.000Z') },
    ]);
    expect(upcomingRuns({ ...autumn, dstRepeat: 'both' }, now, 3)).toEqual([
      { at: new Date('2027-11-06T05:30:00.000Z') },
      { at: new Date('2027-11-07T05:30:00.000Z'), note: 'dst_repeated' },
      { at: new Date('2027-11-07T06:30:00.000Z'), note: 'dst_repeated' },
    ]);
  });

  it("turns the temperature field's text into a number before validating, and refuses an emptied field", () => {
    const values = { ...newTaskFormValues({ email: 'jane@example.com', browserZone: 'Europe/Berlin', now }), name: 'Morning brief' };
    const withText = (temperature: string) => ({
      ...values,
      prompt: { input: 'Summarise the news of the day.', temperature, searchEnabled: false },
    });
    expect(taskFormSchema.safeParse(withText('0.7')).data?.prompt.temperature).toBe(0.7);
    expect(taskFormSchema.safeParse(withText('')).error?.issues.map((issue) => issue.message)).toEqual([
      'Temperature must be between 0 and 2.',
    ]);
  });
});
