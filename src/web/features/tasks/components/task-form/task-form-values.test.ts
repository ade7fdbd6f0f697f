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
      scheduleTime: '09:00',
      startDate: '2026-01-14',
      timezone: 'Europe/Berlin',
      customCron: '',
      prompt: { input: '', temperature: 1, searchEnabled: false },
      deliveryMethod: 'email',
      deliveryConfig: { email: 'jane@example.com', webhookUrl: '' },
      deliverWhen: 'always',
      deliveryCondition: '',
      budget: null,
    });
  });

  it('takes the saved default schedule, and the browser zone until one is saved', () => {
    const saved = { ...defaultUserSettings, defaultSchedule: { type: 'weekly' as const, time: '18:30', timezone: 'Pacific/Auckland' } };
    expect(newTaskFormValues({ email: '', settings: saved, browserZone: 'Europe/Berlin', now })).toMatchObject({
      scheduleType: 'weekly',
      scheduleTime: '18:30',
      timezone: 'Pacific/Auckland',
      // Already the 15th in Auckland.
      startDate: '2026-01-15',
    });
    expect(newTaskFormValues({ email: '', settings: defaultUserSettings, browserZone: 'Europe/Berlin', now })).toMatchObject({
      scheduleType: 'daily',
      scheduleTime: '09:00',
      timezone: 'Europe/Berlin',
    });
    // Saved on purpose, daily at 09:00 UTC is the user's choice like any other (it used to be taken for "never saved").
    const utcMorning = { ...defaultUserSettings, defaultSchedule: { type: 'daily' as const, time: '09:00', timezone: 'UTC' } };
    expect(newTaskFormValues({ email: '', settings: utcMorning, browserZone: 'Europe/Berlin', now })).toMatchObject({
      scheduleType: 'daily',
      scheduleTime: '09:00',
      timezone: 'UTC',
    });
  });

  it("shows a stored task's UTC time in the task's own zone", () => {
    expect(taskFormValuesOf(makeTask({ scheduleTime: '08:00', startDate: '2026-01-15', timezone: 'Europe/Berlin' }), now)).toMatchObject({
      scheduleTime: '09:00',
      startDate: '2026-01-15',
      description: 'Top headlines, summarised.',
      deliveryConfig: { email: 'jane@example.com', webhookUrl: '' },
    });
    // A summer start date: Berlin is UTC+2 then.
    expect(
      taskFormValuesOf(makeTask({ scheduleTime: '07:00', startDate: '2026-07-01', timezone: 'Europe/Berlin' }), now).scheduleTime,
    ).toBe('09:00');
    // A custom task gets a time to start from if it is switched to a simple schedule.
    expect(
      taskFormValuesOf(makeTask({ scheduleType: 'custom', scheduleTime: null, startDate: null, customCron: '0 9 * * 1' }), now),
    ).toMatchObject({
      scheduleTime: '09:00',
      startDate: '2026-01-14',
      customCron: '0 9 * * 1',
    });
  });

  it('sends the local time as UTC on the start date, and today when no start date was given', () => {
    const values = taskInputSchema.parse({
      ...newTaskFormValues({ email: 'jane@example.com', browserZone: 'America/New_York', now }),
      name: 'Briefing',
      prompt: { input: 'Summarise the news of the day.', temperature: 1, searchEnabled: false },
    });
    expect(toTaskInput(values, now)).toMatchObject({ scheduleTime: '14:00', startDate: '2026-01-14', timezone: 'America/New_York' });
    expect(toTaskInput({ ...values, startDate: undefined }, now)).toMatchObject({ scheduleTime: '14:00', startDate: '2026-01-14' });
    expect(toTaskInput({ ...values, startDate: '2026-07-01' }, now)).toMatchObject({ scheduleTime: '13:00', startDate: '2026-07-01' });
  });

  it('previews the next three runs of a simple schedule in its zone, and of a valid cron only', () => {
    const berlin = { scheduleTime: '09:00', startDate: '2026-01-14', timezone: 'Europe/Berlin', customCron: '' };
    expect(upcomingRuns({ ...berlin, scheduleType: 'daily' }, now).map((run) => run.toISOString())).toEqual([
      '2026-01-15T08:00:00.000Z',
      '2026-01-16T08:00:00.000Z',
      '2026-01-17T08:00:00.000Z',
    ]);
    expect(upcomingRuns({ ...berlin, scheduleType: 'custom', customCron: '30 6 * * *' }, now).map((run) => run.toISOString())).toEqual([
      '2026-01-15T06:30:00.000Z',
      '2026-01-16T06:30:00.000Z',
      '2026-01-17T06:30:00.000Z',
    ]);
    expect(upcomingRuns({ ...berlin, scheduleType: 'custom', customCron: '61 * * * *' }, now)).toEqual([]);
    expect(upcomingRuns({ ...berlin, scheduleType: 'daily', scheduleTime: undefined }, now)).toEqual([]);
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
