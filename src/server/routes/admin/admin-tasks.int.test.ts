import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminTaskDetailSchema, adminTaskPageSchema, adminTaskResponseSchema, type AdminTaskPage } from '#shared/admin/admin-task.schema';
import { subscriptionResponseSchema } from '#shared/billing/plan.schema';
import { runResponseSchema } from '#shared/runs/run.schema';
import { type TestClient, useTestApp, expectStatus } from '#test/app';
import type { Method } from '#test/typed-answer';
import { tooFastForFree } from '#test/plans';
import { seedRun, seedTask, seedUser } from '#test/seed';
import { calendarMonthOf } from '../../core/billing/usage-period';
import { auditLog, taskRuns, tasks, usageTracking } from '../../db/schema';
import { operationOf, servedDocumentSchema } from '#test/openapi-schema';
import { personalWorkspaceId } from '#test/users';

const t = useTestApp();
let admin: TestClient;
let adminId: string;
let member: TestClient;
let memberId: string;

// Seeded in a fixed order, newest last, so the list's order is known: ids by name.
const ids: Record<string, string> = {};

beforeAll(async () => {
  // Ada administers the install (its first account), Mel is a member on Free.
  ({ client: admin, id: adminId } = await t.signIn({ name: 'Ada Admin', role: 'admin' }));
  ({ client: member, id: memberId } = await t.signIn({ name: 'Mel Member' }));

  const grace = await seedUser(t.db, { name: 'grace', fullName: 'Grace Hopper', email: 'grace@example.com' });
  const nameless = await seedUser(t.db, { name: '', fullName: null, email: 'nameless@example.com' });
  const formula = await seedUser(t.db, { name: 'x', fullName: '=HYPERLINK("evil")', email: 'formula@example.com' });
  const seeds: [string, string, Parameters<typeof seedTask>[2]][] = [
    ['Morning news', grace.id, { scheduleType: 'daily', localTime: '09:00', startDate: '2026-01-10', timezone: 'America/Phoenix' }],
    [
      'Weekly digest',
      grace.id,
      // 2026-01-12 is a Monday: a weekly task fires on its start date's weekday.
      {
        provider: 'anthropic',
        model: 'claude-sonnet-4-5',
        status: 'paused',
        nextFireAt: null,
        scheduleType: 'weekly',
        localTime: '07:30',
        startDate: '2026-01-12',
      },
    ],
    ['Cron job', nameless.id, { scheduleType: 'custom', localTime: null, startDate: null, customCron: '*/30 * * * *', status: 'error' }],
    ['Member task', memberId, { scheduleType: 'hourly', localTime: '00:15', timezone: 'UTC' }],
    ['Report "A", daily\nsecond line', formula.id, {}],
  ];
  let createdAt = Date.parse('2026-11-01T00:00:00Z');
  for (const [name, userId, overrides] of seeds) {
    createdAt += 60_000;
    ids[name] = (await seedTask(t.db, userId, { name, createdAt: new Date(createdAt), ...overrides })).id;
  }
});

const list = (query = '') => admin.expectOk(adminTaskPageSchema, `/api/admin/tasks${query}`);
const names = (page: AdminTaskPage) => page.items.map((task) => task.name);

describe('admin task routes', () => {
  it.each<[Method, string]>([
    ['GET', '/api/admin/tasks'],
    ['GET', '/api/admin/tasks/export'],
    ['GET', '/api/admin/tasks/{id}'],
    ['POST', '/api/admin/tasks/{id}/runs'],
    ['POST', '/api/admin/tasks/{id}/pause'],
    ['POST', '/api/admin/tasks/{id}/resume'],
    ['DELETE', '/api/admin/tasks/{id}'],
  ])('%s %s: 401 signed out, 403 for a non-admin, and nothing changes', async (method, template) => {
    const path = template.replace('{id}', ids['Member task'] ?? '');
    expect((await t.visitor().request(path, { method })).status).toBe(401);
    const forbidden = await member.expectError(path, { method, status: 403 });
    expect(forbidden).toMatchObject({ error: { code: 'forbidden', message: 'You need admin access to do this.' } });
    const [task] = await t.db
      .select()
      .from(tasks)
      .where(eq(tasks.id, ids['Member task'] ?? ''));
    expect(task?.status).toBe('active');
  });
});

describe('the OpenAPI document', () => {
  it('describes every admin task route with its refusals and the shared AdminTask contract', async () => {
    const document = servedDocumentSchema.parse(await t.visitor().ok('/api/openapi.json'));
    const responses = (path: string, method: 'get' | 'post' | 'delete') =>
      Object.keys(operationOf(document.paths, path, method).responses).sort();
    expect(responses('/api/admin/tasks', 'get')).toEqual(['200', '400', '401', '403', '503']);
    expect(responses('/api/admin/tasks/export', 'get')).toEqual(['200', '400', '401', '403', '503']);
    expect(responses('/api/admin/tasks/{id}', 'get')).toEqual(['200', '400', '401', '403', '404', '503']);
    expect(responses('/api/admin/tasks/{id}/runs', 'post')).toEqual(['200', '400', '401', '403', '404', '409', '413', '503']);
    expect(responses('/api/admin/tasks/{id}/pause', 'post')).toEqual(['200', '400', '401', '403', '404', '413', '503']);
    expect(responses('/api/admin/tasks/{id}/resume', 'post')).toEqual(['200', '400', '401', '403', '404', '409', '413', '503']);
    expect(responses('/api/admin/tasks/{id}', 'delete')).toEqual(['204', '400', '401', '403', '404', '413', '503']);
    expect(Object.keys(document.components.schemas)).toEqual(expect.arrayContaining(['AdminTask', 'AdminTaskPage', 'AdminTaskDetail']));
  });
});

describe('GET /api/admin/tasks', () => {
  it('lists every owner’s tasks newest first, with owner, schedule as it fires in the task’s zone and the real total', async () => {
    const page = await list();
    expect(page.total).toBe(5);
    expect(names(page)).toEqual(['Report "A", daily\nsecond line', 'Member task', 'Cron job', 'Weekly digest', 'Morning news']);
    const byName = Object.fromEntries(page.items.map((task) => [task.name, task]));
    // Phoenix keeps MST all year, so the abbreviation does not depend on when the test runs.
    expect(byName['Morning news']).toMatchObject({
      owner: { name: 'Grace Hopper', email: 'grace@example.com' },
      status: 'active',
      schedule: 'Daily at 09:00 MST',
      provider: 'openai',
      lastRun: null,
    });
    expect(byName['Cron job']).toMatchObject({ owner: { name: 'Unknown user' }, schedule: '*/30 * * * * (UTC)', status: 'error' });
    // The task list's own words (describeSchedule): an hourly task fires every hour at :15, a weekly one on its weekday.
    expect(byName['Member task']).toMatchObject({ owner: { name: 'Mel Member' }, schedule: 'Hourly at :15 UTC' });
    expect(byName['Weekly digest']).toMatchObject({ schedule: 'Weekly on Monday at 07:30 UTC' });
  });

  it('searches task name, status, provider and owner name case-insensitively, with totals', async () => {
    expect(names(await list('?search=MORNING'))).toEqual(['Morning news']);
    expect(names(await list('?search=paused'))).toEqual(['Weekly digest']);
    expect(names(await list('?search=anthrop'))).toEqual(['Weekly digest']);
    expect(await list('?search=grace%20hop')).toMatchObject({ total: 2 });
    expect(await list('?search=mel')).toMatchObject({ total: 1, items: [{ name: 'Member task' }] });
    // % and _ are literal, not wildcards.
    expect((await list('?search=%25')).total).toBe(0);
  });

  it('finds tasks by their owner’s new name once the owner renames themselves, and new tasks at once', async () => {
    const renamed = await member.request('/api/me', { method: 'PATCH', body: { fullName: 'Melisande Quill' } });
    expectStatus(renamed, 200);
    expect(await list('?search=quill')).toMatchObject({ total: 1, items: [{ name: 'Member task', owner: { name: 'Melisande Quill' } }] });
    // The account name still finds them; a term spanning the full and the account name does not.
    expect((await list('?search=quill%20mel')).total).toBe(0);
    const added = await seedTask(t.db, memberId, { name: 'Second member task' });
    expect(names(await list('?search=melisande'))).toEqual(['Second member task', 'Member task']);
    const csv = await (await admin.open('/api/admin/tasks/export?search=melisande')).text();
    expect(csv.split('\r\n').filter((line) => line.includes('Melisande Quill'))).toHaveLength(2);
    await t.db.delete(tasks).where(eq(tasks.id, added.id));
    await member.request('/api/me', { method: 'PATCH', body: { fullName: 'Mel Member' } });
    expect((await list('?search=quill')).total).toBe(0);
  });

  it('filters by status and provider', async () => {
    expect(names(await list('?status=error'))).toEqual(['Cron job']);
    expect(await list('?provider=anthropic')).toMatchObject({ total: 1, items: [{ name: 'Weekly digest' }] });
    expect((await list('?status=active&provider=openai')).total).toBe(3);
  });

  it('pages with a cursor, keeping the total', async () => {
    const first = await list('?limit=2');
    expect(first).toMatchObject({ total: 5 });
    expect(names(first)).toEqual(['Report "A", daily\nsecond line', 'Member task']);
    const second = await list(`?limit=2&cursor=${first.nextCursor}`);
    expect(names(second)).toEqual(['Cron job', 'Weekly digest']);
    const third = await list(`?limit=2&cursor=${second.nextCursor}`);
    expect(third).toMatchObject({ total: 5, nextCursor: null });
    expect(names(third)).toEqual(['Morning news']);
  });

  it('answers 400 for a bad cursor, status or limit', async () => {
    for (const query of ['?cursor=nonsense', '?status=sleeping', '?limit=0', '?limit=1000']) {
      const answer = await admin.expectError(`/api/admin/tasks${query}`, { status: 400 });
      expect(answer.error.code).toBe('validation_failed');
    }
  });

  it('shows the real last run', async () => {
    const [task] = await t.db
      .select()
      .from(tasks)
      .where(eq(tasks.id, ids['Weekly digest'] ?? ''));
    if (!task) throw new Error('seeded task missing');
    await seedRun(t.db, task, { startedAt: new Date('2026-11-20T10:00:00Z') });
    await seedRun(t.db, task, { startedAt: new Date('2026-11-21T10:00:00Z'), status: 'error', error: 'Boom' });
    // Read raw: the whole lastRun is compared, keys the contract does not name included.
    const [digest] = (await admin.ok('/api/admin/tasks?search=weekly')).items;
    expect(digest?.lastRun).toEqual({ startedAt: '2026-11-21T10:00:00.000Z', status: 'error' });
  });
});

describe('GET /api/admin/tasks/:id', () => {
  it('returns any owner’s task with its recent runs, and 404 for an unknown or malformed id', async () => {
    const detail = await admin.expectOk(adminTaskDetailSchema, `/api/admin/tasks/${ids['Weekly digest']}`, { status: 200 });
    expect(detail.task).toMatchObject({
      name: 'Weekly digest',
      owner: { name: 'Grace Hopper' },
      schedule: 'Weekly on Monday at 07:30 UTC',
      timezone: 'UTC',
      fallback: null,
      result: 'text',
    });
    expect(detail.runs.map((run) => run.status)).toEqual(['error', 'completed']);
    expect((await admin.request('/api/admin/tasks/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await admin.request('/api/admin/tasks/not-a-uuid')).status).toBe(404);
  });

  it('says what a task returns and which model answers when the first fails', async () => {
    const postings = {
      type: 'object',
      properties: { items: { type: 'array', items: { type: 'object', properties: { url: { type: 'string' } } } } },
    };
    await t.db
      .update(tasks)
      .set({ outputSchema: postings, fallback: { provider: 'anthropic', model: 'claude-sonnet-4-5' } })
      .where(eq(tasks.id, ids['Cron job'] ?? ''));
    const detail = await admin.expectOk(adminTaskDetailSchema, `/api/admin/tasks/${ids['Cron job']}`, { status: 200 });
    expect(detail.task).toMatchObject({ result: 'list', fallback: { provider: 'anthropic', model: 'claude-sonnet-4-5' } });
    await t.db
      .update(tasks)
      .set({ outputSchema: { type: 'object', properties: { price: { type: 'number' } } } })
      .where(eq(tasks.id, ids['Cron job'] ?? ''));
    expect((await admin.expectOk(adminTaskDetailSchema, `/api/admin/tasks/${ids['Cron job']}`, { status: 200 })).task.result).toBe(
      'record',
    );
    await t.db
      .update(tasks)
      .set({ outputSchema: null, fallback: null })
      .where(eq(tasks.id, ids['Cron job'] ?? ''));
  });
});

/** Stands in for the workers: finishes the task's manual run as soon as it appears, so Run Now returns at once. */
async function completeManualRun(taskId: string) {
  for (let i = 0; i < 100; i += 1) {
    const done = await t.db
      .update(taskRuns)
      .set({ status: 'completed', completedAt: new Date(), result: 'Done.' })
      .where(and(eq(taskRuns.taskId, taskId), eq(taskRuns.status, 'processing')))
      .returning();
    if (done.length) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const auditOf = (taskId: string) => t.db.select().from(auditLog).where(eq(auditLog.targetId, taskId));
const monthlyRunsOf = async (client: TestClient) =>
  (await client.expectOk(subscriptionResponseSchema, '/api/me/subscription')).subscription.usage.find(
    (usage) => usage.featureName === 'monthly_runs',
  )?.usageCount ?? 0;

describe('Run Manually', () => {
  it('runs the task for its owner: the owner’s monthly runs count it, Last Run changes, and the audit says who', async () => {
    const taskId = ids['Member task'] ?? '';
    const before = await monthlyRunsOf(member);
    const [ran] = await Promise.all([
      admin.expectOk(runResponseSchema, `/api/admin/tasks/${taskId}/runs`, { method: 'POST', status: 200 }),
      completeManualRun(taskId),
    ]);
    expect(ran).toMatchObject({ run: { taskId, trigger: 'manual', status: 'completed' } });
    expect(await monthlyRunsOf(member)).toBe(before + 1);
    expect((await list('?search=member%20task')).items[0]?.lastRun).toMatchObject({ status: 'completed' });
    expect(await auditOf(taskId)).toEqual([
      expect.objectContaining({
        actorId: adminId,
        action: 'task.run',
        targetType: 'task',
        details: { taskName: 'Member task', ownerId: memberId, ownerName: 'Mel Member', ownerEmail: 'melmember@example.com' },
      }),
    ]);
  });

  it('answers 409 while a run is in flight and 403 plan_limit when the owner’s runs are used up, writing no audit', async () => {
    const taskId = ids['Morning news'] ?? '';
    const [task] = await t.db.select().from(tasks).where(eq(tasks.id, taskId));
    if (!task) throw new Error('seeded task missing');
    const inFlight = await seedRun(t.db, task, { status: 'processing', completedAt: null });
    expect(await admin.expectError(`/api/admin/tasks/${taskId}/runs`, { method: 'POST', status: 409 })).toMatchObject({
      error: { message: 'Task already running' },
    });
    await t.db.delete(taskRuns).where(eq(taskRuns.id, inFlight.id));

    const month = calendarMonthOf(new Date());
    await t.db
      .insert(usageTracking)
      .values({
        workspaceId: await personalWorkspaceId(t.db, task.userId),
        featureName: 'monthly_runs',
        periodStart: month.start,
        periodEnd: month.end,
        usageCount: 300,
      })
      .onConflictDoUpdate({
        target: [usageTracking.workspaceId, usageTracking.featureName, usageTracking.periodStart],
        set: { usageCount: 300 },
      });
    expect(await admin.expectError(`/api/admin/tasks/${taskId}/runs`, { method: 'POST', status: 403 })).toMatchObject({
      error: { code: 'plan_limit', message: 'Your Free plan allows 300 runs a month. Upgrade your plan to run more.' },
    });
    expect(await auditOf(taskId)).toEqual([]);
  });
});

describe('pause, resume and delete', () => {
  it('pauses and resumes any owner’s task, each with an audit entry', async () => {
    const taskId = ids['Morning news'] ?? '';
    expect(
      await admin.expectOk(adminTaskResponseSchema, `/api/admin/tasks/${taskId}/pause`, { method: 'POST', status: 200 }),
    ).toMatchObject({
      task: { id: taskId, status: 'paused' },
    });
    expect(
      await admin.expectOk(adminTaskResponseSchema, `/api/admin/tasks/${taskId}/resume`, { method: 'POST', status: 200 }),
    ).toMatchObject({
      task: { id: taskId, status: 'active' },
    });
    const entries = await auditOf(taskId);
    expect(entries.map((entry) => entry.action).sort()).toEqual(['task.pause', 'task.resume']);
    expect(entries[0]?.details).toMatchObject({ taskName: 'Morning news', ownerName: 'Grace Hopper' });
  });

  it('resumes within the owner’s plan: a too-fast schedule is refused and no audit is written', async () => {
    const owner = await seedUser(t.db, { fullName: 'Fast Owner' });
    const fast = await seedTask(t.db, owner.id, { ...tooFastForFree, status: 'paused', nextFireAt: null });
    const refused = await admin.expectError(`/api/admin/tasks/${fast.id}/resume`, { method: 'POST', status: 400 });
    expect(refused).toMatchObject({ error: { message: 'Your Free plan runs a task at most every 60 minutes.' } });
    expect(await auditOf(fast.id)).toEqual([]);
    await t.db.delete(tasks).where(eq(tasks.id, fast.id));
  });

  it('does not resume a suspended user’s task: their tasks stay stopped until they are unsuspended', async () => {
    const owner = await seedUser(t.db, { fullName: 'Suspended Owner', banned: true });
    const stopped = await seedTask(t.db, owner.id, { status: 'paused', nextFireAt: null });
    const refused = await admin.expectError(`/api/admin/tasks/${stopped.id}/resume`, { method: 'POST', status: 409 });
    expect(refused).toMatchObject({ error: { message: 'This user is suspended: unsuspend them before resuming their tasks.' } });
    expect((await t.db.select({ status: tasks.status }).from(tasks).where(eq(tasks.id, stopped.id)))[0]?.status).toBe('paused');
    await t.db.delete(tasks).where(eq(tasks.id, stopped.id));
  });

  it('deletes a task with its runs and keeps its name in the audit entry', async () => {
    const taskId = ids['Weekly digest'] ?? '';
    expect((await admin.request(`/api/admin/tasks/${taskId}`, { method: 'DELETE' })).status).toBe(204);
    expect(await t.db.select().from(taskRuns).where(eq(taskRuns.taskId, taskId))).toEqual([]);
    expect(await auditOf(taskId)).toEqual([
      expect.objectContaining({
        action: 'task.delete',
        details: expect.objectContaining({ taskName: 'Weekly digest', ownerEmail: 'grace@example.com' }),
      }),
    ]);
    expect((await admin.request(`/api/admin/tasks/${taskId}`, { method: 'DELETE' })).status).toBe(404);
    ids['Weekly digest'] = '';
  });
});

describe('GET /api/admin/tasks/export', () => {
  it('streams RFC 4180 CSV of everything matching, quoting quotes, commas and line breaks, defusing formulas', async () => {
    const response = await admin.open('/api/admin/tasks/export');
    expectStatus(response, 200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="promptcron-tasks-\d{4}-\d{2}-\d{2}\.csv"$/);
    const csv = await response.text();
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('Task ID,Task Name,User,Email,Status,Schedule,Provider,Model,Last Run,Last Run Status,Created');
    expect(lines[1]).toMatch(/^[0-9a-f-]{36},"Report ""A"", daily\nsecond line","'=HYPERLINK\(""evil""\)",formula@example\.com,active,/);
    expect(csv).toContain(',Grace Hopper,grace@example.com,active,Daily at 09:00 MST,openai,');
    expect(csv).toContain(',Mel Member,melmember@example.com,active,Hourly at :15 UTC,openai,');
    expect(csv).toContain(',error,*/30 * * * * (UTC),openai,');
    // Every task but the deleted one, plus the header and the final line break.
    expect(lines).toHaveLength(1 + 4 + 1);
  });

  it('exports only what the filter matches', async () => {
    const csv = await (await admin.open('/api/admin/tasks/export?status=error')).text();
    expect(csv.split('\r\n').filter(Boolean)).toHaveLength(2);
    expect(csv).toContain('Cron job,Unknown user,nameless@example.com,error,*/30 * * * *');
  });
});
