import { beforeAll, describe, expect, it } from 'vitest';
import { createdApiKeySchema } from '#shared/api-keys/api-key.schema';
import { upcomingMessages, upcomingRunsSchema } from '#shared/tasks/schedule-preview.schema';
import { taskMessages, taskResponseSchema } from '#shared/tasks/task.schema';
import { requestWithKey, useTestApp, type TestClient } from '#test/app';
import { taskInput } from '#test/builders';

/*
 * Schedules as people mean them (ADR 0116) through the API: a local time stored as such, a cron read in its own zone,
 * the deprecated UTC time still taken, and the upcoming runs with their daylight-saving notes.
 */

const t = useTestApp({ env: { OPENAI_API_KEY: 'sk-test' } });
let owner: TestClient;

beforeAll(async () => {
  ({ client: owner } = await t.signIn({ name: 'Zone Keeper' }));
});

const preview = (body: Record<string, unknown>) =>
  owner.expectOk(upcomingRunsSchema, '/api/schedules/preview', { method: 'POST', body, status: 200 });

describe('the schedule preview', () => {
  it('lists a cron in New York across the spring-forward night, with the shifted run noted', async () => {
    const { items } = await preview({
      scheduleType: 'custom',
      customCron: '30 2 * * *',
      timezone: 'UTC',
      cronTimezone: 'America/New_York',
      from: '2027-03-12T12:00:00Z',
      count: 4,
    });
    expect(items).toEqual([
      { at: '2027-03-13T07:30:00.000Z', local: '2027-03-13 02:30' },
      { at: '2027-03-14T07:00:00.000Z', local: '2027-03-14 03:00', note: 'dst_shifted' },
      { at: '2027-03-15T06:30:00.000Z', local: '2027-03-15 02:30' },
      { at: '2027-03-16T06:30:00.000Z', local: '2027-03-16 02:30' },
    ]);
    const skipped = await preview({
      scheduleType: 'daily',
      localTime: '02:30',
      timezone: 'America/New_York',
      startDate: '2027-03-01',
      dstGap: 'skip',
      from: '2027-03-12T12:00:00Z',
      count: 2,
    });
    expect(skipped.items.map((item) => item.local)).toEqual(['2027-03-13 02:30', '2027-03-15 02:30']);
  });

  it('runs a time that happens twice at both when asked, and counts 10 by default', async () => {
    const { items } = await preview({
      scheduleType: 'daily',
      localTime: '01:30',
      timezone: 'America/New_York',
      startDate: '2027-11-01',
      dstRepeat: 'both',
      from: '2027-11-06T12:00:00Z',
    });
    expect(items).toHaveLength(10);
    expect(items.slice(0, 3)).toEqual([
      { at: '2027-11-07T05:30:00.000Z', local: '2027-11-07 01:30', note: 'dst_repeated' },
      { at: '2027-11-07T06:30:00.000Z', local: '2027-11-07 01:30', note: 'dst_repeated' },
      { at: '2027-11-08T06:30:00.000Z', local: '2027-11-08 01:30' },
    ]);
  });

  it('refuses what a task would refuse, with the same messages, and a count or start it cannot answer', async () => {
    const refused = async (body: Record<string, unknown>) =>
      (await owner.expectError('/api/schedules/preview', { method: 'POST', body, status: 400 })).error.fields;
    expect(await refused({ scheduleType: 'custom', customCron: '0 0 L * *', timezone: 'UTC' })).toEqual({
      customCron: taskMessages.cronSpecial,
    });
    expect(await refused({ scheduleType: 'custom', customCron: '0 0 9 * * *', timezone: 'UTC', cronTimezone: 'Nowhere/Land' })).toEqual({
      customCron: taskMessages.cronSeconds,
      cronTimezone: taskMessages.timezone,
    });
    expect(await refused({ scheduleType: 'daily', timezone: 'UTC', count: 51 })).toEqual({
      localTime: taskMessages.time,
      count: upcomingMessages.count,
    });
    expect(await refused({ scheduleType: 'hourly', localTime: '00:15', timezone: 'UTC', from: '2040-01-01T00:00:00Z' })).toEqual({
      from: upcomingMessages.from,
    });
  });

  it('answers a read-only API key, which may change nothing else', async () => {
    const { key } = await owner.expectOk(createdApiKeySchema, '/api/me/api-keys', {
      method: 'POST',
      body: { name: 'Reader', scope: 'read' },
      status: 201,
    });
    const body = { scheduleType: 'hourly', localTime: '00:15', timezone: 'Asia/Kolkata', count: 2 };
    const answer = await requestWithKey(t.app, key, '/api/schedules/preview', { method: 'POST', body });
    expect(answer.status).toBe(200);
    expect(upcomingRunsSchema.parse(answer.body).items).toHaveLength(2);
    expect((await requestWithKey(t.app, key, '/api/tasks', { method: 'POST', body: taskInput() })).status).toBe(403);
  });
});

describe('a task keeps its local time', () => {
  it('stores 09:00 in Kolkata as 09:00, answering the deprecated UTC time beside it, and lists its upcoming runs', async () => {
    const { task } = await owner.expectOk(taskResponseSchema, '/api/tasks', {
      method: 'POST',
      body: taskInput({ localTime: '09:00', timezone: 'Asia/Kolkata', startDate: '2027-01-01' }),
      status: 201,
    });
    expect(task).toMatchObject({ localTime: '09:00', scheduleTime: '03:30', dstGap: 'shift', dstRepeat: 'first', cronTimezone: null });
    expect(task.nextFireAt).toBe('2027-01-01T03:30:00.000Z');
    const upcoming = await owner.expectOk(upcomingRunsSchema, `/api/tasks/${task.id}/upcoming?count=3`, { status: 200 });
    expect(upcoming.items.map((item) => item.local)).toEqual(['2027-01-01 09:00', '2027-01-02 09:00', '2027-01-03 09:00']);

    await owner.expectOk(taskResponseSchema, `/api/tasks/${task.id}/pause`, { method: 'POST', status: 200 });
    expect(await owner.expectOk(upcomingRunsSchema, `/api/tasks/${task.id}/upcoming`, { status: 200 })).toEqual({ items: [] });
  });

  it('takes the deprecated UTC time on the start date, refuses one that contradicts localTime, and patches either', async () => {
    const berlin = { timezone: 'Europe/Berlin', startDate: '2027-07-01' };
    const { task } = await owner.expectOk(taskResponseSchema, '/api/tasks', {
      method: 'POST',
      body: { ...taskInput(berlin), localTime: undefined, scheduleTime: '07:00' },
      status: 201,
    });
    expect(task).toMatchObject({ localTime: '09:00', scheduleTime: '07:00' });
    const contradiction = await owner.expectError('/api/tasks', {
      method: 'POST',
      body: { ...taskInput(berlin), localTime: '10:00', scheduleTime: '07:00' },
      status: 400,
    });
    expect(contradiction.error.fields).toEqual({ scheduleTime: taskMessages.scheduleTimeDisagrees });
    const patched = await owner.expectOk(taskResponseSchema, `/api/tasks/${task.id}`, {
      method: 'PATCH',
      body: { scheduleTime: '16:00' },
      status: 200,
    });
    expect(patched.task).toMatchObject({ localTime: '18:00', scheduleTime: '16:00' });
  });

  it('keeps a task made on the spring-forward day at its time every day after', async () => {
    const { task } = await owner.expectOk(taskResponseSchema, '/api/tasks', {
      method: 'POST',
      body: taskInput({ localTime: '02:30', timezone: 'America/New_York', startDate: '2027-03-14' }),
      status: 201,
    });
    expect(task.localTime).toBe('02:30');
    const { items } = await owner.expectOk(upcomingRunsSchema, `/api/tasks/${task.id}/upcoming?count=3`, { status: 200 });
    expect(items.map((item) => [item.local, item.note])).toEqual([
      ['2027-03-14 03:00', 'dst_shifted'],
      ['2027-03-15 02:30', undefined],
      ['2027-03-16 02:30', undefined],
    ]);
  });

  it('reads a new custom cron in the task zone, and honours its start date', async () => {
    const { task } = await owner.expectOk(taskResponseSchema, '/api/tasks', {
      method: 'POST',
      body: taskInput({
        scheduleType: 'custom',
        customCron: '@daily',
        localTime: undefined,
        timezone: 'Asia/Tokyo',
        startDate: '2027-02-01',
      }),
      status: 201,
    });
    expect(task).toMatchObject({ cronTimezone: 'Asia/Tokyo', startDate: '2027-02-01', localTime: null });
    expect(task.nextFireAt).toBe('2027-01-31T15:00:00.000Z');
  });
});
