import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taskResponseSchema, type OverlapPolicy } from '#shared/tasks/task.schema';
import type { TestClient } from '#test/app';
import { taskInput } from '#test/builders';
import { useAppWithWorker, waitFor } from '#test/engine-setup';
import { startOpenAiServer } from '#test/openai-server';
import { confirmedAddress } from '#test/seed';
import { notifyTasksChanged } from '../core/tasks/notify-tasks-changed';
import { taskRuns, tasks } from '../db/schema';

/**
 * ADR 0117: a slot that comes while the previous on-time run is still processing is skipped (`skip`), or kept
 * waiting, one at most, and started as soon as that run ends (`buffer_one`). The scheduler and a worker run as an
 * install runs them; the model holds its first answer for a few seconds so that the run is still processing.
 */
let openai: Awaited<ReturnType<typeof startOpenAiServer>>;
let owner: TestClient;

beforeAll(async () => {
  openai = await startOpenAiServer({ defaultText: 'Done.' });
});
afterAll(async () => {
  await openai?.stop();
});

const t = useAppWithWorker({ env: () => ({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: openai.baseUrl }), concurrency: 2 });

beforeAll(async () => {
  const { id, client } = await t.signIn({ name: 'Overlap Owner', plan: 'unlimited' });
  owner = client;
  await confirmedAddress(t.db, { userId: id, email: 'overlap@example.com' });
});

/** A task that fires only on 1 January: only the slots the test makes run it. */
async function createTask(overlap: OverlapPolicy) {
  const input = taskInput({
    name: `Overlap ${overlap}`,
    scheduleType: 'custom',
    customCron: '0 0 1 1 *',
    deliveryConfig: { email: 'overlap@example.com' },
    overlap,
  });
  return (await owner.expectOk(taskResponseSchema, '/api/tasks', { method: 'POST', body: input, status: 201 })).task;
}

/** Makes the task due `ms` from now, as its schedule would, and tells the scheduler. */
async function slotIn(taskId: string, ms: number): Promise<Date> {
  const slot = new Date(Date.now() + ms);
  await t.db.update(tasks).set({ nextFireAt: slot }).where(eq(tasks.id, taskId));
  await notifyTasksChanged(t.db);
  return slot;
}

const runsOf = (taskId: string) => t.db.select().from(taskRuns).where(eq(taskRuns.taskId, taskId)).orderBy(asc(taskRuns.scheduledFor));

async function runOf(taskId: string, slot: Date) {
  return waitFor(async () => {
    const [run] = await t.db
      .select()
      .from(taskRuns)
      .where(and(eq(taskRuns.taskId, taskId), eq(taskRuns.scheduledFor, slot)));
    return run;
  }, `the run of ${slot.toISOString()}`);
}

const busy = 'Skipped: the previous run was still processing.';

/** The first slot's run, begun and held at the model. */
async function holdFirstRun(taskId: string) {
  const asked = openai.requests.length;
  openai.plan({ delayMs: 4_000, text: 'First.' });
  const first = await slotIn(taskId, 300);
  await waitFor(async () => (openai.requests.length > asked ? true : undefined), 'the first run to reach the model');
  expect(await runOf(taskId, first)).toMatchObject({ status: 'processing', trigger: 'schedule' });
  return { first, asked };
}

describe('a slot while the previous run is still processing', () => {
  it('is recorded skipped with the policy "skip", and no run follows', async () => {
    const task = await createTask('skip');
    const { first, asked } = await holdFirstRun(task.id);
    const second = await slotIn(task.id, 200);
    expect(await runOf(task.id, second)).toMatchObject({ status: 'skipped', error: busy });

    await waitFor(async () => ((await runOf(task.id, first)).status === 'completed' ? true : undefined), 'the first run to end');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect((await runsOf(task.id)).map((run) => [run.scheduledFor, run.status])).toEqual([
      [first, 'completed'],
      [second, 'skipped'],
    ]);
    expect(openai.requests.length - asked).toBe(1);
  });

  it('waits with the policy "buffer_one" and starts as soon as that run ends; a further one is skipped', async () => {
    const task = await createTask('buffer_one');
    const { first, asked } = await holdFirstRun(task.id);
    const second = await slotIn(task.id, 200);
    await waitFor(async () => {
      const [row] = await t.db.select({ bufferedSlot: tasks.bufferedSlot }).from(tasks).where(eq(tasks.id, task.id));
      return row?.bufferedSlot?.getTime() === second.getTime() ? true : undefined;
    }, 'the second slot to wait on the task');
    expect((await runsOf(task.id)).map((run) => run.scheduledFor)).toEqual([first]);

    // One slot waits at most: the next one, while the first run still holds the task, is skipped as with "skip".
    const third = await slotIn(task.id, 200);
    expect(await runOf(task.id, third)).toMatchObject({ status: 'skipped', error: busy });

    const waited = await waitFor(async () => {
      const run = await runOf(task.id, second);
      return run.status === 'completed' ? run : undefined;
    }, 'the waiting slot’s run to end');
    const firstRun = await runOf(task.id, first);
    expect(firstRun.status).toBe('completed');
    expect(waited).toMatchObject({ trigger: 'schedule', scheduledFor: second });
    expect(waited.startedAt.getTime()).toBeGreaterThanOrEqual(firstRun.completedAt?.getTime() ?? Infinity);
    expect(waited.startedAt.getTime() - (firstRun.completedAt?.getTime() ?? 0)).toBeLessThan(1_500);
    expect(openai.requests.length - asked).toBe(2);
    const [after] = await t.db.select({ bufferedSlot: tasks.bufferedSlot }).from(tasks).where(eq(tasks.id, task.id));
    expect(after?.bufferedSlot).toBeNull();
    expect((await runsOf(task.id)).map((run) => [run.scheduledFor, run.status])).toEqual([
      [first, 'completed'],
      [second, 'completed'],
      [third, 'skipped'],
    ]);
  });
});
