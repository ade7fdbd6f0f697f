import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminOverviewSchema } from '#shared/admin/admin-overview.schema';
import { runResponseSchema, type Run } from '#shared/runs/run.schema';
import { statusSchema } from '#shared/status/status.schema';
import { taskReliabilitySchema } from '#shared/tasks/task-reliability.schema';
import { taskResponseSchema } from '#shared/tasks/task.schema';
import type { TestClient } from '#test/app';
import { taskInput } from '#test/builders';
import { useAppWithWorker, waitFor } from '#test/engine-setup';
import { startOpenAiServer } from '#test/openai-server';
import { confirmedAddress } from '#test/seed';
import { notifyTasksChanged } from '../core/tasks/notify-tasks-changed';
import { taskRuns, tasks } from '../db/schema';
import { clearStatusCache } from '../status/get-status';
import { rollupStatusDays } from '../status/rollup-status-days';

/**
 * A scheduled run has one lateness (ADR 0101): when the job that began it started, minus its slot, as stored on the
 * run. The metric, the admin overview, the status page and the task card all report that figure, including for a run
 * the scheduler claimed ahead, whose `started_at` is its slot however late a worker began it.
 */
const token = 'metrics-token-for-the-lateness-test';
let openai: Awaited<ReturnType<typeof startOpenAiServer>>;
let admin: TestClient;
let adminId: string;

beforeAll(async () => {
  openai = await startOpenAiServer({ defaultText: 'On the dot, or not.' });
});
afterAll(async () => {
  await openai?.stop();
});

// One job at a time, so that a slow run keeps the next slot's run waiting for the worker.
const t = useAppWithWorker({
  env: () => ({ METRICS_TOKEN: token, OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: openai.baseUrl }),
  concurrency: 1,
});

beforeAll(async () => {
  ({ id: adminId, client: admin } = await t.signIn({ name: 'Lateness Admin', role: 'admin', plan: 'unlimited' }));
  await confirmedAddress(t.db, { userId: adminId, email: 'lateness@example.com' });
});

/** A task that fires only on 1 January, so that only the test's own slot or Run Now runs it; mailed to the outbox. */
async function createTask(name: string) {
  const input = taskInput({ name, scheduleType: 'custom', customCron: '0 0 1 1 *', deliveryConfig: { email: 'lateness@example.com' } });
  return (await admin.expectOk(taskResponseSchema, '/api/tasks', { method: 'POST', body: input, status: 201 })).task;
}

async function finishedRun(taskId: string, trigger: 'schedule' | 'manual'): Promise<Run> {
  const row = await waitFor(async () => {
    const [run] = await t.db
      .select()
      .from(taskRuns)
      .where(and(eq(taskRuns.taskId, taskId), eq(taskRuns.trigger, trigger)));
    return run && run.status !== 'processing' ? run : undefined;
  }, `the ${trigger} run to finish`);
  return (await admin.expectOk(runResponseSchema, `/api/runs/${row.id}`)).run;
}

/** The fire-lateness histogram's sum and count, as Prometheus scrapes them. */
async function scrapeFireLateness(): Promise<{ sum: number; count: number }> {
  const text = await (await t.app.request('/metrics', { headers: { Authorization: `Bearer ${token}` } })).text();
  const sample = (series: string) =>
    Number(
      text
        .split('\n')
        .find((line) => line.startsWith(`${series} `))
        ?.slice(series.length + 1) ?? 0,
    );
  return { sum: sample('promptcron_fire_lateness_seconds_sum'), count: sample('promptcron_fire_lateness_seconds_count') };
}

describe('a run claimed ahead and begun late', () => {
  it('reads the same lateness in the metric, the admin overview, the status page and the task card', async () => {
    const busy = await createTask('Slow Run Now');
    const punctual = await createTask('Claimed ahead');
    const before = await scrapeFireLateness();

    // The only worker is busy 2.5 s with a Run Now when the slot, 0.5 s ahead, comes: the scheduler claims the slot
    // ahead (its run starts "at" the slot), and the run's job begins about 2 s after it.
    openai.plan({ delayMs: 2_500 });
    const manual = admin.request(`/api/tasks/${busy.id}/runs`, { method: 'POST' });
    await waitFor(async () => (openai.requests.length > 0 ? true : undefined), 'the Run Now to reach the provider');
    const slot = new Date(Date.now() + 500);
    await t.db.update(tasks).set({ nextFireAt: slot }).where(eq(tasks.id, punctual.id));
    await notifyTasksChanged(t.db);
    await manual;

    const run = await finishedRun(punctual.id, 'schedule');
    expect(run.startedAt).toBe(slot.toISOString());
    const stored = run.latenessMs ?? 0;
    expect(stored).toBeGreaterThan(1_000);

    const overview = await admin.expectOk(adminOverviewSchema, '/api/admin/overview');
    expect(overview.systemHealth.fireLatenessP95Ms).toBe(stored);

    const after = await scrapeFireLateness();
    expect(after.count - before.count).toBe(1);
    expect(after.sum - before.sum).toBeCloseTo(stored / 1000, 6);

    await rollupStatusDays({ db: t.db, now: new Date() });
    clearStatusCache(t.db);
    const status = await t.visitor().expectOk(statusSchema, '/api/status');
    expect(status.days.at(-1)).toMatchObject({ timedRuns: 1, onTimeRuns: 0, p50LatenessMs: stored, p99LatenessMs: stored });

    const card = await admin.expectOk(taskReliabilitySchema, `/api/tasks/${punctual.id}/reliability`);
    expect(card).toMatchObject({ onTime: 0, late: 1, worstLatenessMs: stored });
  });
});
