import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { useTestApp } from '#test/app';
import { seedRun, seedTask } from '#test/seed';
import { sseReader } from '#test/sse-reader';
import { taskRuns } from '../../db/schema';
import { maxStreamsPerUser } from '../../events/user-change-hub';

// The hub holds a pool connection while it listens; the kit releases it before it drops the database.
const t = useTestApp();

describe('GET /api/events', () => {
  it('streams the user’s run events as they are created and change status, and nobody else’s', async () => {
    // Ada is the install's first account, its admin: even she hears only of her own runs.
    const ada = await t.signIn({ name: 'Ada', role: 'admin' });
    const mallory = await t.signIn({ name: 'Mallory' });
    const adaTask = await seedTask(t.db, ada.id, { name: 'Ada’s task' });
    const malloryTask = await seedTask(t.db, mallory.id, { name: 'Mallory’s task' });

    const response = await ada.client.open('/api/events');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events = sseReader(response);
    const malloryResponse = await mallory.client.open('/api/events');
    const malloryEvents = sseReader(malloryResponse);

    // Notifications arrive in commit order, so whatever would have leaked from Mallory's run would come first.
    await seedRun(t.db, malloryTask, { status: 'processing', completedAt: null });
    const run = await seedRun(t.db, adaTask, { status: 'processing', completedAt: null, result: null, deliveryStatus: 'pending' });
    expect(await events.nextRun()).toEqual({ runId: run.id, taskId: adaTask.id, status: 'processing' });
    expect((await malloryEvents.nextRun()).taskId).toBe(malloryTask.id);

    // A change of status is news; a change of result text alone is not.
    await t.db.update(taskRuns).set({ result: 'Partial answer' }).where(eq(taskRuns.id, run.id));
    await t.db.update(taskRuns).set({ status: 'completed', completedAt: new Date(), result: 'Done.' }).where(eq(taskRuns.id, run.id));
    expect(await events.nextRun()).toEqual({ runId: run.id, taskId: adaTask.id, status: 'completed' });
    await t.db.update(taskRuns).set({ deliveryStatus: 'delivered' }).where(eq(taskRuns.id, run.id));
    expect(await events.nextRun()).toEqual({ runId: run.id, taskId: adaTask.id, status: 'completed' });

    // A batch insert, as the scheduler does it: one event per run.
    await t.db.execute(sql`
      insert into task_runs (task_id, user_id, status, trigger, provider, model, scheduled_for)
      select ${adaTask.id}, ${ada.id}, 'skipped', 'schedule', 'openai', 'gpt-4.1-mini', now() - n * interval '1 hour' from generate_series(1, 3) n`);
    for (let index = 0; index < 3; index++) expect(await events.nextRun()).toMatchObject({ taskId: adaTask.id, status: 'skipped' });

    // A browser that goes away is unsubscribed.
    expect(t.deps.userChanges.subscriberCount).toBe(2);
    await events.close();
    await malloryEvents.close();
    await vi.waitFor(() => expect(t.deps.userChanges.subscriberCount).toBe(0));
  });

  it('ends the stream of a browser that stops reading rather than buffering its events without bound', async () => {
    const { client, id: userId } = await t.signIn({ name: 'Stalled' });
    const task = await seedTask(t.db, userId, { name: 'Busy task' });
    const stalled = sseReader(await client.open('/api/events'));
    const reading = sseReader(await client.open('/api/events'));

    // 3,000 runs in statements of 500, as the scheduler inserts them. A browser that keeps up gets every event, which
    // also shows the stalled one was offered all of them. (A single burst of more than 1,000 events may end even a
    // reading browser's stream, by design: it refetches instead.)
    for (let batch = 0; batch < 6; batch++) {
      await t.db.execute(sql`
        insert into task_runs (task_id, user_id, status, trigger, provider, model, scheduled_for)
        select ${task.id}, ${userId}, 'skipped', 'schedule', 'openai', 'gpt-4.1-mini', now() - (${batch * 500} + n) * interval '1 minute'
        from generate_series(1, 500) n`);
      for (let index = 0; index < 500; index++) expect((await reading.nextRun()).status).toBe('skipped');
    }

    let delivered = 0;
    while ((await stalled.next()) !== 'closed') delivered += 1;
    expect(delivered).toBeLessThanOrEqual(1_000);
    await reading.close();
  });

  it('holds at most 20 streams per user in a process, and takes a new one once another closed', async () => {
    const { client } = await t.signIn({ name: 'Many Tabs' });
    const { client: other } = await t.signIn({ name: 'One Tab' });
    const streams = [];
    for (let tab = 0; tab < maxStreamsPerUser; tab++) {
      const response = await client.open('/api/events');
      expect(response.status).toBe(200);
      streams.push(sseReader(response));
    }
    const refused = await client.open('/api/events');
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({
      error: { code: 'rate_limited', message: 'Live updates are open in 20 places for your account. Close some tabs and reload this one.' },
    });
    // Another account is not affected.
    const otherStream = await other.open('/api/events');
    expect(otherStream.status).toBe(200);
    await sseReader(otherStream).close();

    await streams.pop()?.close();
    await vi.waitFor(async () => {
      const again = await client.open('/api/events');
      expect(again.status).toBe(200);
      streams.push(sseReader(again));
    });
    for (const stream of streams) await stream.close();
  });

  it('ends open streams when the database connection drops, and listens again for the next one', async () => {
    const { client, id: userId } = await t.signIn({ name: 'Grace' });
    const task = await seedTask(t.db, userId, { name: 'Resilient task' });
    const first = sseReader(await client.open('/api/events'));

    await t.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query like 'listen %'`,
    );
    expect(await first.next()).toBe('closed');

    const second = sseReader(await client.open('/api/events'));
    const run = await seedRun(t.db, task, { status: 'error', error: 'Run interrupted' });
    expect(await second.nextRun()).toEqual({ runId: run.id, taskId: task.id, status: 'error' });
    await second.close();
  });
});
