import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taskRunPageSchema } from '#shared/runs/run.schema';
import { backfillResultSchema } from '#shared/tasks/backfill.schema';
import { taskResponseSchema } from '#shared/tasks/task.schema';
import { expectStatus, type TestClient } from '#test/app';
import { taskInput } from '#test/builders';
import { useAppWithWorker, waitFor } from '#test/engine-setup';
import { startOpenAiServer } from '#test/openai-server';
import { confirmedAddress, seedRun } from '#test/seed';
import { calendarMonthOf } from '../core/billing/usage-period';
import { notifyTasksChanged } from '../core/tasks/notify-tasks-changed';
import { taskRuns, tasks, usageTracking } from '../db/schema';
import { personalWorkspaceId } from '#test/users';

/**
 * Backfill (ADR 0117) through the API, the scheduler and a worker as an install runs them: the past range's slots
 * without a run, oldest first, one at a time, each with its own slot and prompt variables.
 */
let openai: Awaited<ReturnType<typeof startOpenAiServer>>;
let owner: TestClient;

beforeAll(async () => {
  openai = await startOpenAiServer({ defaultText: 'Reported.', defaultDelayMs: 400 });
});
afterAll(async () => {
  await openai?.stop();
});

const t = useAppWithWorker({ env: () => ({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: openai.baseUrl }), concurrency: 2 });

beforeAll(async () => {
  const { id, client } = await t.signIn({ name: 'Backfill Owner', plan: 'unlimited' });
  owner = client;
  await confirmedAddress(t.db, { userId: id, email: 'backfill@example.com' });
});

const day = 86_400_000;
/** Midnight (UTC) `days` days before today. */
const midnightBefore = (days: number) => new Date(Math.floor(Date.now() / day) * day - days * day);
const at9 = (days: number) => new Date(midnightBefore(days).getTime() + 9 * 3_600_000);

/** Daily at 09:00 in UTC; the prompt names the date it is run for. */
async function createTask(client: TestClient, name: string, changes: Record<string, unknown> = {}) {
  const input = taskInput({
    name,
    scheduleType: 'custom',
    customCron: '0 9 * * *',
    timezone: 'UTC',
    prompt: { input: 'Write the report for {{date}} ({{run.scheduled_for}}).', temperature: 1, searchEnabled: false },
    deliveryConfig: { email: 'backfill@example.com' },
    ...changes,
  });
  return (await client.expectOk(taskResponseSchema, '/api/tasks', { method: 'POST', body: input, status: 201 })).task;
}

const backfill = (client: TestClient, taskId: string, from: Date, to: Date) =>
  client.request(`/api/tasks/${taskId}/backfill`, { method: 'POST', body: { from: from.toISOString(), to: to.toISOString() } });

describe('POST /api/tasks/{id}/backfill', () => {
  it('runs the range’s slots without a run oldest first, one at a time, each at its own slot', async () => {
    const task = await createTask(owner, 'Daily report');
    // The slot three days ago already ran: it is left alone.
    await seedRun(t.db, { id: task.id, userId: task.userId }, { trigger: 'schedule', scheduledFor: at9(3), startedAt: at9(3) });
    const asked = openai.requests.length;

    const answer = await owner.expectOk(backfillResultSchema, `/api/tasks/${task.id}/backfill`, {
      method: 'POST',
      body: { from: midnightBefore(4).toISOString(), to: new Date(midnightBefore(0).getTime() - 1).toISOString() },
      status: 202,
    });
    expect(answer).toEqual({ slots: 3, skipped: 1 });

    // While the backfill goes, never more than one of its runs at a time.
    let mostAtOnce = 0;
    const runs = await waitFor(async () => {
      const rows = await t.db.select().from(taskRuns).where(eq(taskRuns.taskId, task.id)).orderBy(asc(taskRuns.scheduledFor));
      mostAtOnce = Math.max(mostAtOnce, rows.filter((row) => row.status === 'processing').length);
      const backfilled = rows.filter((row) => row.trigger === 'backfill');
      return backfilled.length === 3 && backfilled.every((row) => row.status === 'completed') ? backfilled : undefined;
    }, 'the three backfilled runs');
    expect(mostAtOnce).toBeLessThanOrEqual(1);
    expect(runs.map((run) => run.scheduledFor)).toEqual([at9(4), at9(2), at9(1)]);
    for (const [earlier, later] of [
      [runs[0], runs[1]],
      [runs[1], runs[2]],
    ])
      expect(later?.startedAt.getTime()).toBeGreaterThanOrEqual(earlier?.completedAt?.getTime() ?? Infinity);
    // Each prompt was read at its slot, in that order.
    const prompts = openai.requests.slice(asked).map((request) => JSON.stringify(request.body));
    expect(prompts).toHaveLength(3);
    [4, 2, 1].forEach((daysBefore, index) => {
      expect(prompts[index]).toContain(`Write the report for ${at9(daysBefore).toISOString().slice(0, 10)}`);
    });

    // The API shows them as backfill runs; lateness is not measured for them.
    const page = await owner.expectOk(taskRunPageSchema, `/api/tasks/${task.id}/runs`);
    const shown = page.items.filter((run) => run.trigger === 'backfill');
    expect(shown.map((run) => [run.scheduledFor, run.status, run.latenessMs])).toEqual([
      [at9(1).toISOString(), 'completed', null],
      [at9(2).toISOString(), 'completed', null],
      [at9(4).toISOString(), 'completed', null],
    ]);
    expect((await owner.expectOk(taskResponseSchema, `/api/tasks/${task.id}`)).task.backfillWaiting).toBe(0);

    // Again over the same range: every slot has its run now.
    const again = await backfill(owner, task.id, midnightBefore(4), new Date(midnightBefore(0).getTime() - 1));
    expect({ status: again.status, body: again.body }).toEqual({ status: 202, body: { slots: 0, skipped: 4 } });
  });

  it('lets the schedule’s own slot wait for the backfill’s run, then go before its next slot, never skipped', async () => {
    const task = await createTask(owner, 'Report on time');
    openai.plan({ delayMs: 2_500 });
    const asked = openai.requests.length;
    await owner.expectOk(backfillResultSchema, `/api/tasks/${task.id}/backfill`, {
      method: 'POST',
      body: { from: midnightBefore(2).toISOString(), to: new Date(midnightBefore(0).getTime() - 1).toISOString() },
      status: 202,
    });
    await waitFor(async () => (openai.requests.length > asked ? true : undefined), 'the first backfilled run to reach the model');
    const slot = new Date(Date.now() + 200);
    await t.db.update(tasks).set({ nextFireAt: slot }).where(eq(tasks.id, task.id));
    await notifyTasksChanged(t.db);

    const runs = await waitFor(async () => {
      const rows = await t.db.select().from(taskRuns).where(eq(taskRuns.taskId, task.id)).orderBy(asc(taskRuns.startedAt));
      return rows.length === 3 && rows.every((row) => row.status === 'completed') ? rows : undefined;
    }, 'the backfill and the scheduled slot');
    expect(runs.map((run) => [run.trigger, run.scheduledFor])).toEqual([
      ['backfill', at9(2)],
      ['schedule', slot],
      ['backfill', at9(1)],
    ]);
  });

  it('refuses a range in the future, too long or with too many slots, with 400 naming the field', async () => {
    const task = await createTask(owner, 'Refused ranges');
    const hourly = await createTask(owner, 'Hourly', { customCron: '0 * * * *' });
    const fields = async (taskId: string, body: Record<string, unknown>) => {
      const answer = await owner.request(`/api/tasks/${taskId}/backfill`, { method: 'POST', body });
      expectStatus(answer, 400);
      return answer.body.error.fields;
    };
    const iso = (date: Date) => date.toISOString();
    expect(await fields(task.id, { from: iso(midnightBefore(3)), to: iso(new Date(Date.now() + 3_600_000)) })).toEqual({
      to: 'The end must not be in the future.',
    });
    expect(await fields(task.id, { from: iso(midnightBefore(400)), to: iso(midnightBefore(1)) })).toEqual({
      from: 'A backfill covers at most 366 days.',
    });
    expect(await fields(task.id, { from: iso(midnightBefore(1)), to: iso(midnightBefore(3)) })).toEqual({
      to: 'The end must be after the start.',
    });
    expect(await fields(task.id, { from: 'yesterday', to: iso(midnightBefore(1)) })).toEqual({
      from: 'Please enter a date and time with its offset (ISO 8601).',
    });
    expect(await fields(hourly.id, { from: iso(midnightBefore(6)), to: iso(midnightBefore(1)) })).toEqual({
      to: 'A backfill runs at most 100 slots. Please choose a shorter range.',
    });
    expect(await t.db.select().from(taskRuns).where(eq(taskRuns.taskId, task.id))).toEqual([]);
  });

  it('answers 409 while a run of the task is processing', async () => {
    const task = await createTask(owner, 'Busy');
    openai.plan({ delayMs: 3_000 });
    const asked = openai.requests.length;
    const manual = owner.request(`/api/tasks/${task.id}/runs`, { method: 'POST' });
    await waitFor(async () => (openai.requests.length > asked ? true : undefined), 'the Run Now to reach the model');
    const refused = await owner.expectError(`/api/tasks/${task.id}/backfill`, {
      method: 'POST',
      body: { from: midnightBefore(3).toISOString(), to: midnightBefore(1).toISOString() },
      status: 409,
    });
    expect(refused.error.message).toBe('Task already running');
    await manual;
  });

  it('answers 409 while a backfill is under way or the task is paused; pausing drops the slots not yet started', async () => {
    const task = await createTask(owner, 'Paused midway');
    openai.plan({ delayMs: 2_000 });
    const asked = openai.requests.length;
    const range = { from: midnightBefore(3).toISOString(), to: new Date(midnightBefore(0).getTime() - 1).toISOString() };
    await owner.expectOk(backfillResultSchema, `/api/tasks/${task.id}/backfill`, { method: 'POST', body: range, status: 202 });
    await waitFor(async () => (openai.requests.length > asked ? true : undefined), 'the first backfilled run to reach the model');
    const again = await owner.expectError(`/api/tasks/${task.id}/backfill`, { method: 'POST', body: range, status: 409 });
    expect(again.error.message).toBe('A backfill of this task is already under way.');

    const paused = await owner.expectOk(taskResponseSchema, `/api/tasks/${task.id}/pause`, { method: 'POST' });
    expect(paused.task.backfillWaiting).toBe(0);
    await waitFor(async () => {
      const [run] = await t.db.select().from(taskRuns).where(eq(taskRuns.taskId, task.id));
      return run?.status === 'completed' ? true : undefined;
    }, 'the started run to end');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect((await t.db.select().from(taskRuns).where(eq(taskRuns.taskId, task.id))).map((run) => run.scheduledFor)).toEqual([at9(3)]);
    const refused = await owner.expectError(`/api/tasks/${task.id}/backfill`, { method: 'POST', body: range, status: 409 });
    expect(refused.error.message).toBe('Resume the task to backfill it.');
  });

  it('answers 403 naming how many runs remain when the month has too few for the slots', async () => {
    const { client, id: userId } = await t.signIn({ name: 'Counted', plan: 'free' });
    const task = await createTask(client, 'Counted report');
    const month = calendarMonthOf(new Date());
    await t.db.insert(usageTracking).values({
      workspaceId: await personalWorkspaceId(t.db, userId),
      featureName: 'monthly_runs',
      periodStart: month.start,
      periodEnd: month.end,
      usageCount: 298,
    });
    const refused = await client.expectError(`/api/tasks/${task.id}/backfill`, {
      method: 'POST',
      body: { from: midnightBefore(4).toISOString(), to: midnightBefore(0).toISOString() },
      status: 403,
    });
    expect(refused.error).toMatchObject({
      code: 'plan_limit',
      message: 'Only 2 runs remain this month on your Free plan; this backfill needs 4 runs. Choose a shorter range or upgrade your plan.',
    });
    expect(await t.db.select().from(taskRuns).where(eq(taskRuns.taskId, task.id))).toEqual([]);
  });
});
