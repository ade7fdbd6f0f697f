import { describe, expect, it } from 'vitest';
import { dashboardSchema } from '#shared/dashboard/dashboard.schema';
import { historyPageSchema, runResponseSchema, taskRunPageSchema } from '#shared/runs/run.schema';
import { useTestApp } from '#test/app';
import { seedRun, seedTask } from '#test/seed';
import { webhookDeliveries } from '../../db/schema';

const t = useTestApp();

const unreachable = 'Could not reach hooks.slack.com: getaddrinfo ENOTFOUND hooks.slack.com';

describe('a run whose delivery failed (issue 37)', () => {
  it('says when a retrying delivery tries next, in the history, the run and the task’s runs', async () => {
    const { client, id: userId } = await t.signIn({ name: 'Retrier' });
    const task = await seedTask(t.db, userId, {
      name: 'Slack digest',
      deliveryMethod: 'slack',
      deliveryConfig: { webhookUrl: 'https://hooks.slack.com/services/T0/B0/x' },
    });
    const retrying = await seedRun(t.db, task, {
      startedAt: new Date(Date.now() - 60_000),
      deliveryStatus: 'pending',
      deliveryError: unreachable,
    });
    const failed = await seedRun(t.db, task, {
      startedAt: new Date(Date.now() - 120_000),
      deliveryStatus: 'failed',
      deliveryError: unreachable,
    });
    const next = new Date(Date.now() + 5 * 60_000);
    const attempt = { url: 'https://hooks.slack.com/services/T0/B0/x', statusCode: null, durationMs: 30, error: unreachable };
    await t.db.insert(webhookDeliveries).values([
      { ...attempt, runId: retrying.id, attempt: 1, nextAttemptAt: new Date(Date.now() - 30_000) },
      { ...attempt, runId: retrying.id, attempt: 2, nextAttemptAt: next },
      // The last attempt of a failed delivery had no next one; an earlier one did, and is over.
      { ...attempt, runId: failed.id, attempt: 1, nextAttemptAt: new Date(Date.now() - 90_000) },
      { ...attempt, runId: failed.id, attempt: 2, nextAttemptAt: null },
    ]);

    const history = await client.expectOk(historyPageSchema, '/api/runs');
    expect(history.items.map((run) => [run.id, run.deliveryStatus, run.deliveryNextAttemptAt])).toEqual([
      [retrying.id, 'pending', next.toISOString()],
      [failed.id, 'failed', null],
    ]);
    const { run } = await client.expectOk(runResponseSchema, `/api/runs/${retrying.id}`);
    expect(run).toMatchObject({ deliveryStatus: 'pending', deliveryError: unreachable, deliveryNextAttemptAt: next.toISOString() });
    const taskRuns = await client.expectOk(taskRunPageSchema, `/api/tasks/${task.id}/runs`);
    expect(taskRuns.items.map((item) => item.deliveryNextAttemptAt)).toEqual([next.toISOString(), null]);
  });

  it('says when each of several destinations tries next, and the soonest for the run', async () => {
    const { client, id: userId } = await t.signIn({ name: 'Several' });
    const task = await seedTask(t.db, userId, { name: 'Shared digest' });
    const soon = new Date(Date.now() + 60_000).toISOString();
    const later = new Date(Date.now() + 10 * 60_000).toISOString();
    const state = { config: {}, error: unreachable, receipt: null };
    const run = await seedRun(t.db, task, {
      deliveryStatus: 'pending',
      destinations: [
        { ...state, id: 'dst_mail', method: 'email', status: 'pending', attempts: 2, nextAttemptAt: later },
        { ...state, id: 'dst_done', method: 'webhook', status: 'delivered', attempts: 1, error: null, nextAttemptAt: null },
        { ...state, id: 'dst_chat', method: 'slack', status: 'pending', attempts: 1, nextAttemptAt: soon },
      ],
    });

    const { run: read } = await client.expectOk(runResponseSchema, `/api/runs/${run.id}`);
    expect(read.deliveryNextAttemptAt).toBe(soon);
    expect(read.destinations?.map((destination) => [destination.id, destination.nextAttemptAt])).toEqual([
      ['dst_mail', later],
      ['dst_done', null],
      ['dst_chat', soon],
    ]);
    const history = await client.expectOk(historyPageSchema, '/api/runs');
    expect(history.items.map((item) => item.deliveryNextAttemptAt)).toEqual([soon]);
  });

  it('counts a completed run whose delivery failed as failed in the overview’s success rate', async () => {
    const { client, id: userId } = await t.signIn({ name: 'Rated' });
    const task = await seedTask(t.db, userId, {
      name: 'Slack digest',
      deliveryMethod: 'slack',
      deliveryConfig: { webhookUrl: 'https://hooks.slack.com/services/T0/B0/x' },
    });
    await seedRun(t.db, task, { deliveryStatus: 'delivered' });
    await seedRun(t.db, task, { deliveryStatus: 'delivered' });
    await seedRun(t.db, task, { deliveryStatus: 'failed', deliveryError: unreachable });
    await seedRun(t.db, task, { status: 'error', result: null, error: 'The model timed out.', deliveryStatus: 'delivered' });

    const dashboard = await client.expectOk(dashboardSchema, '/api/dashboard');
    // 2 of 4 finished runs arrived: 3 completed, one of them never delivered, and 1 error.
    expect(dashboard.stats).toMatchObject({ runsCompleted: 3, successRate: 50 });
  });
});
