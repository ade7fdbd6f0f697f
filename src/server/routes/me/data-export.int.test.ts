import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dataExports, webhookDeliveries } from '#server/db/schema/index';
import { createJobList } from '#server/engine/job-handlers';
import { dataExportsPerDay, dataExportsPerDayMessage } from '#server/core/users/export-account-data';
import { buildDataExportJob, deleteOldRunsJob } from '#server/queue/job-definitions';
import { useTestApp, expectStatus } from '#test/app';
import { createEngineDeps, queuedJobs } from '#test/engine-setup';
import { useMailServer } from '#test/use-mail-server';
import { seedRun, seedTask } from '#test/seed';
import { dataExportRequestedSchema } from '#shared/account/data-export.schema';
import { privateJobs } from '#server/queue/queue-internals';

// The mail server listens before the app is built: useTestApp's beforeAll runs after useMailServer's.
const mail = useMailServer();
const env = () => ({ SMTP_URL: mail.url });
const t = useTestApp({ env });

/** Runs the queued export jobs as a worker would, and empties the queue. */
async function buildQueuedExports() {
  const jobs = createJobList(createEngineDeps({ database: t.database, env: env() }));
  for (const { payload } of await queuedJobs(t.database, buildDataExportJob)) await jobs[buildDataExportJob.name](payload, {} as never);
  await t.db.execute(sql`delete from ${privateJobs}`);
}

describe('Download my data', () => {
  it('builds the JSON in the background, e-mails a link, and the link gives the whole account without secrets', async () => {
    // Cara is the install's first account, its admin.
    const { client, email, id: userId } = await t.signIn({ name: 'Curious Cara', role: 'admin' });
    const task = await seedTask(t.db, userId, {
      name: 'Hooked',
      deliveryMethod: 'webhook',
      deliveryConfig: { webhookUrl: 'https://hooks.example.com/in' },
    });
    const run = await seedRun(t.db, task, { result: 'The answer of the run.' });
    await t.db
      .insert(webhookDeliveries)
      .values({ runId: run.id, attempt: 1, url: 'https://hooks.example.com/in', statusCode: 500, durationMs: 12, error: 'HTTP 500' });

    const requested = await client.expectOk(dataExportRequestedSchema, '/api/me/data-export', { method: 'POST', status: 202 });
    expect(requested).toMatchObject({ status: 'pending' });
    await buildQueuedExports();

    const message = await mail.waitFor(email);
    expect(message.subject).toBe('Your Promptcron data is ready to download');
    const link = message.links.find((url) => url.includes('/api/data-exports/')) ?? '';
    const path = link.replace(/^https?:\/\/[^/]+/, '');
    // The link works without signing in: it comes from the user's own mailbox.
    const download = await t.app.request(path);
    expectStatus(download, 200);
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="promptcron-data-/);
    const text = await download.text();
    expect(text).not.toContain(task.webhookSecret);
    const data = JSON.parse(text);
    expect(data.profile).toMatchObject({ id: userId, email, fullName: 'Curious Cara' });
    expect(data.settings).toMatchObject({ notifications: expect.any(Object) });
    expect(data.memberships).toEqual([expect.objectContaining({ name: 'Personal', personal: true, role: 'owner' })]);
    expect(data.tasks).toEqual([expect.objectContaining({ id: task.id, name: 'Hooked' })]);
    expect(data.tasks[0]).not.toHaveProperty('webhookSecret');
    expect(data.runs).toEqual([expect.objectContaining({ id: run.id, result: 'The answer of the run.' })]);
    expect(data.webhookAttempts).toEqual([expect.objectContaining({ runId: run.id, statusCode: 500, error: 'HTTP 500' })]);

    expect((await t.app.request(path.replace(/token=[^&]+/, 'token=forged'))).status).toBe(404);
  });

  it('stops the link 24 hours after the export was ready', async () => {
    const { client, email } = await t.signIn({ name: 'Late Larry' });
    const body = await client.expectOk(dataExportRequestedSchema, '/api/me/data-export', { method: 'POST' });
    await buildQueuedExports();
    const link = (await mail.waitFor(email)).links.find((url) => url.includes('/api/data-exports/')) ?? '';
    const path = link.replace(/^https?:\/\/[^/]+/, '');
    const [row] = await t.db.select().from(dataExports).where(eq(dataExports.id, body.id));
    expect(row?.expiresAt?.getTime()).toBeGreaterThan(Date.now() + 23.9 * 3600_000);
    expect(row?.expiresAt?.getTime()).toBeLessThanOrEqual(Date.now() + 24 * 3600_000);
    expect((await t.app.request(path)).status).toBe(200);

    await t.db
      .update(dataExports)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(dataExports.id, body.id));
    const expired = await t.app.request(path);
    expectStatus(expired, 410);
    expect((await expired.json()).error.message).toBe('This download link has expired. Ask for your data again in Settings.');
  });

  it('answers a repeated request with the export being built, and refuses a fourth in a day', async () => {
    const { client, id: userId } = await t.signIn({ name: 'Eager Eve' });
    const ask = () => client.request('/api/me/data-export', { method: 'POST' });
    const first = await ask();
    const doubleClick = await ask();
    expectStatus(first, 202);
    expect(doubleClick.body).toEqual(first.body);
    expect(await queuedJobs(t.database, buildDataExportJob)).toHaveLength(1);
    await buildQueuedExports();

    for (let later = 2; later <= dataExportsPerDay; later++) {
      expect((await ask()).status).toBe(202);
      await buildQueuedExports();
    }
    const refused = await ask();
    expectStatus(refused, 429);
    expect(refused.body.error).toEqual({ code: 'rate_limited', message: dataExportsPerDayMessage });
    expect(await t.db.select().from(dataExports).where(eq(dataExports.userId, userId))).toHaveLength(dataExportsPerDay);
  });

  it('deletes expired and abandoned exports in the nightly clean-up, and keeps those whose link still works', async () => {
    const { id: userId } = await t.signIn({ name: 'Tidy Tom' });
    const now = new Date('2026-11-27T03:23:00Z');
    const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3600_000);
    const exportRow = (label: string, values: Partial<typeof dataExports.$inferInsert>) => ({
      userId,
      tokenHash: `tidy-${label}`,
      ...values,
    });
    await t.db
      .insert(dataExports)
      .values([
        exportRow('expired', { status: 'ready', content: '{}', createdAt: hoursAgo(30), readyAt: hoursAgo(30), expiresAt: hoursAgo(6) }),
        exportRow('live', { status: 'ready', content: '{}', createdAt: hoursAgo(2), readyAt: hoursAgo(2), expiresAt: hoursAgo(-22) }),
        exportRow('stuck', { status: 'pending', createdAt: hoursAgo(25) }),
        exportRow('failed', { status: 'failed', createdAt: hoursAgo(26) }),
        exportRow('building', { status: 'pending', createdAt: hoursAgo(1) }),
      ]);
    const jobs = createJobList(createEngineDeps({ database: t.database, env: env() }));
    await jobs[deleteOldRunsJob.name]({ _cron: { ts: now.toISOString() } }, {} as never);

    const kept = await t.db.select({ tokenHash: dataExports.tokenHash }).from(dataExports).where(eq(dataExports.userId, userId));
    expect(kept.map((row) => row.tokenHash).sort()).toEqual(['tidy-building', 'tidy-live']);
  });

  it('needs a session to ask', async () => {
    expect((await t.visitor('198.51.100.4').request('/api/me/data-export', { method: 'POST' })).status).toBe(401);
  });
});
