import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataExports, webhookDeliveries } from '#server/db/schema/index';
import { createJobList } from '#server/engine/job-handlers';
import { buildDataExportJob } from '#server/queue/job-definitions';
import { createTestApp, signUpTestUser, TestClient } from '#test/app';
import { createTestDatabase, type TestDatabase } from '#test/database';
import { createEngineDeps, queuedJobs } from '#test/engine-setup';
import { startMailServer } from '#test/mail-server';
import { seedRun, seedTask } from '#test/seed';

let database: TestDatabase;
let mail: Awaited<ReturnType<typeof startMailServer>>;
let app: Awaited<ReturnType<typeof createTestApp>>['app'];
let env: Record<string, string>;

beforeAll(async () => {
  database = await createTestDatabase();
  mail = await startMailServer();
  env = { SMTP_URL: mail.url };
  ({ app } = await createTestApp({ database, env }));
});

afterAll(async () => {
  await mail?.stop();
  await database?.drop();
});

/** Runs the queued export jobs as a worker would, and empties the queue. */
async function buildQueuedExports() {
  const jobs = createJobList(createEngineDeps({ database, env }));
  for (const { payload } of await queuedJobs(database, buildDataExportJob)) await jobs[buildDataExportJob.name](payload, {} as never);
  await database.db.execute(sql`delete from graphile_worker._private_jobs`);
}

describe('Download my data', () => {
  it('builds the JSON in the background, e-mails a link, and the link gives the whole account without secrets', async () => {
    const { client, email, userId } = await signUpTestUser(app, { name: 'Curious Cara', ip: '198.51.100.2' });
    const task = await seedTask(database.db, userId, {
      name: 'Hooked',
      deliveryMethod: 'webhook',
      deliveryConfig: { webhookUrl: 'https://hooks.example.com/in' },
    });
    const run = await seedRun(database.db, task, { result: 'The answer of the run.' });
    await database.db
      .insert(webhookDeliveries)
      .values({ runId: run.id, attempt: 1, url: 'https://hooks.example.com/in', statusCode: 500, durationMs: 12, error: 'HTTP 500' });

    const requested = await client.request('/api/me/data-export', { method: 'POST' });
    expect(requested.status).toBe(202);
    expect(requested.body).toMatchObject({ status: 'pending' });
    await buildQueuedExports();

    const message = await mail.waitFor(email);
    expect(message.subject).toBe('Your Promptcron data is ready to download');
    const link = message.links.find((url) => url.includes('/api/data-exports/')) ?? '';
    const path = link.replace(/^https?:\/\/[^/]+/, '');
    // The link works without signing in: it comes from the user's own mailbox.
    const download = await app.request(path);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="promptcron-data-/);
    const text = await download.text();
    expect(text).not.toContain(task.webhookSecret);
    const data = JSON.parse(text);
    expect(data.profile).toMatchObject({ id: userId, email, fullName: 'Curious Cara' });
    expect(data.settings).toMatchObject({ notifications: expect.any(Object) });
    expect(data.tasks).toEqual([expect.objectContaining({ id: task.id, name: 'Hooked' })]);
    expect(data.tasks[0]).not.toHaveProperty('webhookSecret');
    expect(data.runs).toEqual([expect.objectContaining({ id: run.id, result: 'The answer of the run.' })]);
    expect(data.webhookAttempts).toEqual([expect.objectContaining({ runId: run.id, statusCode: 500, error: 'HTTP 500' })]);

    expect((await app.request(path.replace(/token=[^&]+/, 'token=forged'))).status).toBe(404);
  });

  it('stops the link 24 hours after the export was ready', async () => {
    const { client, email } = await signUpTestUser(app, { name: 'Late Larry', ip: '198.51.100.3' });
    const { body } = await client.request('/api/me/data-export', { method: 'POST' });
    await buildQueuedExports();
    const link = (await mail.waitFor(email)).links.find((url) => url.includes('/api/data-exports/')) ?? '';
    const path = link.replace(/^https?:\/\/[^/]+/, '');
    const [row] = await database.db.select().from(dataExports).where(eq(dataExports.id, body.id));
    expect(row?.expiresAt?.getTime()).toBeGreaterThan(Date.now() + 23.9 * 3600_000);
    expect(row?.expiresAt?.getTime()).toBeLessThanOrEqual(Date.now() + 24 * 3600_000);
    expect((await app.request(path)).status).toBe(200);

    await database.db
      .update(dataExports)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(dataExports.id, body.id));
    const expired = await app.request(path);
    expect(expired.status).toBe(410);
    expect((await expired.json()).error.message).toBe('This download link has expired. Ask for your data again in Settings.');
  });

  it('needs a session to ask', async () => {
    expect((await new TestClient(app, '198.51.100.4').request('/api/me/data-export', { method: 'POST' })).status).toBe(401);
  });
});
