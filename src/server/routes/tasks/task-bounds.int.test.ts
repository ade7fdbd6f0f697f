import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { upcomingRunsSchema } from '#shared/tasks/schedule-preview.schema';
import { taskMessages, taskPageSchema, taskResponseSchema } from '#shared/tasks/task.schema';
import { useTestApp, type TestClient } from '#test/app';
import { taskInput } from '#test/builders';
import { seedRun, seedTask } from '#test/seed';
import { tasks } from '../../db/schema';

/* A schedule's bounds through the API (ADR 0118): saved, refused with the field's message, listed in the preview. */

const t = useTestApp({ env: { OPENAI_API_KEY: 'sk-test' } });
let owner: TestClient;
let ownerId: string;

beforeAll(async () => {
  ({ client: owner, id: ownerId } = await t.signIn({ name: 'Bound Keeper' }));
});

const dayMs = 86_400_000;
const dateIn = (days: number) => new Date(Date.now() + days * dayMs).toISOString().slice(0, 10);
const daily = taskInput({ localTime: '09:00', timezone: 'UTC', startDate: dateIn(1) });

describe('a task’s bounds', () => {
  it('are saved and answered, the pause moving the next run and the skip dates kept sorted and unique', async () => {
    const pausedUntil = `${dateIn(5)}T00:00:00.000Z`;
    const { task } = await owner.expectOk(taskResponseSchema, '/api/tasks', {
      method: 'POST',
      body: { ...daily, endDate: dateIn(30), maxRuns: 10, pausedUntil, skipDates: [dateIn(6), dateIn(5), dateIn(6)] },
      status: 201,
    });
    expect(task).toMatchObject({
      status: 'active',
      endDate: dateIn(30),
      maxRuns: 10,
      pausedUntil,
      skipDates: [dateIn(5), dateIn(6)],
      finishedReason: null,
      // Not before the pause, not on the skipped 5th and 6th days.
      nextFireAt: `${dateIn(7)}T09:00:00.000Z`,
    });
    const patched = await owner.expectOk(taskResponseSchema, `/api/tasks/${task.id}`, {
      method: 'PATCH',
      body: { pausedUntil: null, skipDates: null },
      status: 200,
    });
    expect(patched.task).toMatchObject({ pausedUntil: null, skipDates: [], nextFireAt: `${dateIn(1)}T09:00:00.000Z`, endDate: dateIn(30) });
  });

  it('refuses an end date before the start, a run count out of range, a far pause and too many skip dates', async () => {
    const refused = async (body: Record<string, unknown>) =>
      (await owner.expectError('/api/tasks', { method: 'POST', body: { ...daily, ...body }, status: 400 })).error.fields;
    expect(await refused({ endDate: dateIn(0) })).toEqual({ endDate: taskMessages.endDate });
    expect(await refused({ maxRuns: 0 })).toEqual({ maxRuns: taskMessages.maxRuns });
    expect(await refused({ maxRuns: 100_001 })).toEqual({ maxRuns: taskMessages.maxRuns });
    expect(await refused({ pausedUntil: new Date(Date.now() + 400 * dayMs).toISOString() })).toEqual({
      pausedUntil: taskMessages.pausedUntil,
    });
    expect(await refused({ skipDates: Array.from({ length: 367 }, (_, day) => dateIn(day)) })).toEqual({
      skipDates: taskMessages.skipDates,
    });
  });

  it('lists the preview’s skipped, paused and after-end slots with their notes', async () => {
    const { items } = await owner.expectOk(upcomingRunsSchema, '/api/schedules/preview', {
      method: 'POST',
      body: {
        scheduleType: 'daily',
        localTime: '09:00',
        timezone: 'Europe/Berlin',
        startDate: '2027-01-01',
        pausedUntil: '2027-01-02T12:00:00Z',
        skipDates: ['2027-01-03'],
        endDate: '2027-01-04',
        from: '2027-01-01T00:00:00Z',
      },
      status: 200,
    });
    expect(items).toEqual([
      { at: '2027-01-01T08:00:00.000Z', local: '2027-01-01 09:00', note: 'paused_until' },
      { at: '2027-01-02T08:00:00.000Z', local: '2027-01-02 09:00', note: 'paused_until' },
      { at: '2027-01-03T08:00:00.000Z', local: '2027-01-03 09:00', note: 'skipped_date' },
      { at: '2027-01-04T08:00:00.000Z', local: '2027-01-04 09:00' },
      { at: '2027-01-05T08:00:00.000Z', local: '2027-01-05 09:00', note: 'after_end' },
    ]);
  });

  it('makes a finished task active again when an edit gives it runs, and lists it under Finished until then', async () => {
    const finished = await seedTask(t.database.db, ownerId, {
      name: 'Ended digest',
      scheduleType: 'daily',
      timezone: 'UTC',
      localTime: '09:00',
      startDate: '2026-01-01',
      endDate: '2026-02-01',
      status: 'finished',
      finishedReason: 'end_date',
      nextFireAt: null,
    });
    const listed = await owner.expectOk(taskPageSchema, '/api/tasks?status=finished', { status: 200 });
    expect(listed.items.map((item) => [item.name, item.status, item.finishedReason])).toEqual([['Ended digest', 'finished', 'end_date']]);
    // A rename leaves it finished.
    const renamed = await owner.expectOk(taskResponseSchema, `/api/tasks/${finished.id}`, {
      method: 'PATCH',
      body: { name: 'Ended digest, renamed' },
      status: 200,
    });
    expect(renamed.task).toMatchObject({ status: 'finished', finishedReason: 'end_date', nextFireAt: null });
    const reopened = await owner.expectOk(taskResponseSchema, `/api/tasks/${finished.id}`, {
      method: 'PATCH',
      body: { endDate: null },
      status: 200,
    });
    expect(reopened.task).toMatchObject({ status: 'active', finishedReason: null, endDate: null });
    expect(reopened.task.nextFireAt).not.toBeNull();
    const [row] = await t.database.db.select().from(tasks).where(eq(tasks.id, finished.id));
    expect(row?.status).toBe('active');
  });

  it('keeps a task that made its runs finished on resume, and resumes it once it may make more', async () => {
    const task = await seedTask(t.database.db, ownerId, {
      name: 'Ten runs',
      scheduleType: 'daily',
      timezone: 'UTC',
      localTime: '09:00',
      startDate: '2026-01-01',
      maxRuns: 1,
      status: 'finished',
      finishedReason: 'max_runs',
      nextFireAt: null,
    });
    await seedRun(t.database.db, task, { trigger: 'schedule', scheduledFor: new Date('2026-01-01T09:00:00Z') });
    const resumed = await owner.expectOk(taskResponseSchema, `/api/tasks/${task.id}/resume`, { method: 'POST', status: 200 });
    expect(resumed.task).toMatchObject({ status: 'finished', finishedReason: 'max_runs', nextFireAt: null });
    const more = await owner.expectOk(taskResponseSchema, `/api/tasks/${task.id}`, {
      method: 'PATCH',
      body: { maxRuns: 2 },
      status: 200,
    });
    expect(more.task).toMatchObject({ status: 'active', finishedReason: null, maxRuns: 2 });
    expect(more.task.nextFireAt).not.toBeNull();
  });

  it('does not count finished tasks as active for the plan, but counts one an edit makes active again', async () => {
    const { client, id: userId } = await t.signIn({ name: 'Free Finisher' });
    const finished = await seedTask(t.database.db, userId, {
      scheduleType: 'daily',
      timezone: 'UTC',
      localTime: '09:00',
      startDate: '2026-01-01',
      endDate: '2026-02-01',
      status: 'finished',
      finishedReason: 'end_date',
      nextFireAt: null,
    });
    // Free allows 5 active tasks: the finished one takes none of them.
    for (let i = 0; i < 5; i += 1) expect((await client.request('/api/tasks', { method: 'POST', body: daily })).status).toBe(201);
    const refused = await client.expectError(`/api/tasks/${finished.id}`, { method: 'PATCH', body: { endDate: null }, status: 403 });
    expect(refused.error.code).toBe('plan_limit');
    expect((await client.expectOk(taskResponseSchema, `/api/tasks/${finished.id}`)).task.status).toBe('finished');
  });

  it('refuses a new task whose end date leaves it no run', async () => {
    const { error } = await owner.expectError('/api/tasks', {
      method: 'POST',
      body: { ...daily, startDate: '2026-01-01', endDate: '2026-01-02' },
      status: 400,
    });
    expect(error.fields).toEqual({ endDate: taskMessages.endsBeforeFirstRun });
  });
});
