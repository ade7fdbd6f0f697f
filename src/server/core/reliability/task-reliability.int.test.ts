import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { taskReliabilitySchema, type TaskReliability } from '#shared/tasks/task-reliability.schema';
import { overdueSlots, taskRuns } from '#server/db/schema/index';
import { useTestApp, type SignedInUser } from '#test/app';
import { runRow } from '#test/builders';
import { seedRun, seedTask } from '#test/seed';
import { reliabilityQuery, taskReliability } from './task-reliability';
import { planNodes, type PlanNode } from '#test/query-plans';

const t = useTestApp();
const minuteMs = 60_000;
const dayMs = 86_400_000;
const now = Date.now();
const ago = (ms: number) => new Date(now - ms);

let owner: SignedInUser;
let stranger: SignedInUser;
let task: Awaited<ReturnType<typeof seedTask>>;
const onTimeSlot = ago(3 * dayMs);
/** Every slot's first run is in exactly one of these. */
const addedUp = (figures: TaskReliability) => figures.onTime + figures.late + figures.missed + figures.running + figures.unmeasured;

beforeAll(async () => {
  owner = await t.signIn({ name: 'Owner', role: 'admin' });
  stranger = await t.signIn({ name: 'Stranger' });
  task = await seedTask(t.db, owner.id, { name: 'Morning brief', timezone: 'UTC' });
  const sibling = await seedTask(t.db, owner.id, { name: 'Sibling' });
  const scheduled = (slot: Date, overrides: Parameters<typeof seedRun>[2] = {}) =>
    seedRun(t.db, task, { trigger: 'schedule', scheduledFor: slot, startedAt: slot, ...overrides });

  // On time: begun within a second of the slot, the second itself included; one delivery failed.
  await scheduled(onTimeSlot, { latenessMs: 40 });
  await scheduled(ago(2 * dayMs), { latenessMs: 1_000 });
  await scheduled(ago(dayMs), { latenessMs: 300, deliveryStatus: 'failed', deliveryError: 'HTTP 500' });
  // Late: 3.4 s, and 27 s with a failed delivery.
  await scheduled(ago(29 * dayMs), { latenessMs: 3_400 });
  await scheduled(ago(20 * dayMs), { latenessMs: 27_000, deliveryStatus: 'failed', deliveryError: 'HTTP 502' });
  // Missed: skipped by the catch-up rule and by the overlap rule.
  const skipped = { status: 'skipped', deliveryStatus: 'skipped', result: null, completedAt: null } as const;
  await scheduled(ago(10 * dayMs), { ...skipped, error: 'Skipped: missed while no scheduler was running.' });
  await scheduled(ago(9 * dayMs), { ...skipped, error: 'Skipped: the previous run was still processing.' });
  // Unmeasured: recorded before lateness was, and a run interrupted before it was measured.
  await scheduled(ago(25 * dayMs));
  await scheduled(ago(24 * dayMs), { status: 'error', error: 'Interrupted.', deliveryStatus: 'skipped', result: null });

  // The watchdog: an open overdue slot with no run (missed), one the catch-up has since run 2 min late (counted once,
  // as late, and the worst), one resolved when the task was paused (not due), one older than the window.
  const overdueSlot = ago(5 * minuteMs);
  const caughtUp = ago(2 * 60 * minuteMs);
  await t.db.insert(overdueSlots).values([
    { taskId: task.id, userId: owner.id, slot: overdueSlot, detectedAt: ago(3 * minuteMs) },
    { taskId: task.id, userId: owner.id, slot: caughtUp, detectedAt: ago(118 * minuteMs) },
    { taskId: task.id, userId: owner.id, slot: ago(4 * dayMs), resolvedAt: ago(4 * dayMs - minuteMs), resolution: 'Task paused.' },
    { taskId: task.id, userId: owner.id, slot: ago(31 * dayMs) },
  ]);
  await scheduled(caughtUp, { latenessMs: 120_000 });

  // Run Now: no slot, but its delivery counts.
  await seedRun(t.db, task, { startedAt: ago(6 * dayMs) });
  // Older than 30 days: none of it counts.
  await scheduled(ago(31 * dayMs), { latenessMs: 999_000, deliveryStatus: 'failed' });
  await seedRun(t.db, task, { startedAt: ago(30 * dayMs + minuteMs) });
  // Claimed ahead for a slot not due yet.
  await scheduled(new Date(now + 10 * minuteMs), { status: 'processing', deliveryStatus: 'pending', result: null, completedAt: null });
  // Another task's runs.
  await seedRun(t.db, sibling, { trigger: 'schedule', scheduledFor: ago(dayMs), startedAt: ago(dayMs), latenessMs: 500_000 });
});

describe('GET /api/tasks/{id}/reliability', () => {
  it('counts the last 30 days of the task’s slots and deliveries', async () => {
    const figures = await owner.client.expectOk(taskReliabilitySchema, `/api/tasks/${task.id}/reliability`);
    expect(figures).toEqual({
      from: expect.any(String),
      to: expect.any(String),
      // 10 scheduled runs in the window and the open overdue slot without one.
      slotsDue: 11,
      onTime: 3,
      late: 3,
      worstLatenessMs: 120_000,
      missed: 3,
      running: 0,
      unmeasured: 2,
      duplicates: 0,
      // 5 delivered scheduled runs and the Run Now; the two failures.
      deliveriesConfirmed: 6,
      deliveriesFailed: 2,
    });
    expect(addedUp(figures)).toBe(figures.slotsDue - figures.duplicates);
    const to = Date.parse(figures.to);
    expect(Math.abs(to - Date.now())).toBeLessThan(60_000);
    expect(to - Date.parse(figures.from)).toBe(30 * dayMs);
  });

  it('answers a task without slots with zeros and no worst lateness', async () => {
    const quiet = await seedTask(t.db, owner.id, { name: 'Quiet' });
    const figures = await owner.client.expectOk(taskReliabilitySchema, `/api/tasks/${quiet.id}/reliability`);
    expect(figures).toMatchObject({ slotsDue: 0, onTime: 0, late: 0, worstLatenessMs: null, missed: 0, duplicates: 0 });
  });

  it('answers another user’s task like a missing one', async () => {
    const refused = await stranger.client.expectError(`/api/tasks/${task.id}/reliability`, { status: 404 });
    expect(refused).toMatchObject({ error: { message: 'Task not found' } });
    expect((await stranger.client.request('/api/tasks/not-a-uuid/reliability')).status).toBe(404);
    expect((await t.app.request(`/api/tasks/${task.id}/reliability`)).status).toBe(401);
  });

  it('is described in the OpenAPI document', async () => {
    const document = (await (await t.app.request('/api/openapi.json')).json()) as {
      paths: Record<string, { get?: { responses: Record<string, unknown> } }>;
      components: { schemas: Record<string, unknown> };
    };
    expect(Object.keys(document.paths['/api/tasks/{id}/reliability']?.get?.responses ?? {})).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
      '429',
      '503',
    ]);
    expect(document.components.schemas.TaskReliability).toBeDefined();
  });
});

describe('the figures’ statement', () => {
  it('counts a second run of a slot as a duplicate rather than assuming there is none', async () => {
    // The unique (task, slot) key forbids it; dropped inside a transaction that is rolled back, as if it had failed.
    const rolledBack = new Error('rolled back');
    await expect(
      t.db.transaction(async (tx) => {
        await tx.execute(sql`drop index task_runs_task_slot_unique`);
        await tx
          .insert(taskRuns)
          .values(runRow(task, { trigger: 'schedule', scheduledFor: onTimeSlot, startedAt: onTimeSlot, latenessMs: 9_000 }));
        const figures = await taskReliability({ db: tx, workspaceId: task.workspaceId, taskId: task.id });
        // The run begun first stays the slot's, on time; the later one is counted once, as a duplicate.
        expect(figures).toMatchObject({ slotsDue: 12, duplicates: 1, onTime: 3, late: 3, worstLatenessMs: 120_000 });
        expect(addedUp(figures)).toBe(figures.slotsDue - figures.duplicates);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
  });

  it('counts a run still under way as running, not as unmeasured', async () => {
    const rolledBack = new Error('rolled back');
    await expect(
      t.db.transaction(async (tx) => {
        // One run of a task may be processing at a time: the one claimed ahead gives way to one begun 2 minutes ago.
        await tx.execute(sql`delete from task_runs where task_id = ${task.id} and status = 'processing'`);
        await tx.insert(taskRuns).values(
          runRow(task, {
            trigger: 'schedule',
            scheduledFor: ago(2 * minuteMs),
            startedAt: ago(2 * minuteMs),
            status: 'processing',
            deliveryStatus: 'pending',
            result: null,
            completedAt: null,
          }),
        );
        const figures = await taskReliability({ db: tx, workspaceId: task.workspaceId, taskId: task.id });
        expect(figures).toMatchObject({ slotsDue: 12, running: 1, unmeasured: 2, missed: 3 });
        expect(addedUp(figures)).toBe(figures.slotsDue - figures.duplicates);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
  });

  it('reads a busy task’s runs through its (task, started_at) index', async () => {
    // A run every 10 minutes for 40 days, more than the window holds, among ten times as many of other tasks.
    const others = await Promise.all(Array.from({ length: 10 }, (_, index) => seedTask(t.db, stranger.id, { name: `Other ${index}` })));
    await t.db.execute(sql`
      insert into task_runs (task_id, user_id, status, trigger, scheduled_for, started_at, provider, model, lateness_ms, delivery_status)
      select task.id, task.user_id, 'completed', 'schedule', slot, slot, 'openai', 'gpt-4.1-mini', 50, 'delivered'
      from (select id, user_id, id = ${task.id} as busy from tasks where id = any(${`{${[task.id, ...others.map((other) => other.id)].join(',')}}`}::uuid[])) task,
        generate_series(date_trunc('hour', now()) - interval '40 days', date_trunc('hour', now()) - interval '3 hours', interval '10 minutes') slot
      on conflict do nothing`);
    await t.db.execute(sql`analyze task_runs`);
    const query = reliabilityQuery({ taskId: task.id, workspaceId: task.workspaceId, from: ago(30 * dayMs), to: new Date(now) });
    const { rows } = await t.db.execute<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(sql`explain (format json) ${query}`);
    const nodes = planNodes(rows[0]!['QUERY PLAN'][0].Plan);
    expect(nodes.filter((node) => node['Node Type'] === 'Seq Scan')).toEqual([]);
    expect(nodes.flatMap((node) => node['Index Name'] ?? [])).toEqual(
      expect.arrayContaining(['task_runs_task_id_started_at_id_index', 'task_runs_task_slot_unique']),
    );
  });
});
