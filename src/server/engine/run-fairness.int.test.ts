import { createServer, type ServerResponse } from 'node:http';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createEngineDeps, createEngineSetup, timeAnotherUsersRun, waitFor, type EngineTestSetup } from '#test/engine-setup';
import { startOpenAiServer } from '#test/openai-server';
import { seedTask } from '#test/seed';
import { notifyTasksChanged } from '../core/tasks/notify-tasks-changed';
import { runSharePerUser } from './engine-policy';
import { startWorker, type Worker } from './worker';

/*
 * Issue 18: a provider that hangs on one user's runs must not hold every slot of a worker process. Four slots here,
 * so that user's runs may hold three; another user's run takes the fourth at once.
 */
let setup: EngineTestSetup;
let openai: Awaited<ReturnType<typeof startOpenAiServer>>;
let worker: Worker | undefined;
const hanging: ServerResponse[] = [];
const hangingProvider = createServer((request, response) => {
  request.resume();
  hanging.push(response); // never answered: the call lasts until the SDK's timeout
});

beforeAll(async () => {
  setup = await createEngineSetup();
  openai = await startOpenAiServer();
  await new Promise<void>((resolve) => hangingProvider.listen(0, '127.0.0.1', () => resolve()));
});

afterAll(async () => {
  // Refused from now on, so the stuck runs fail fast instead of keeping the worker's stop waiting.
  hangingProvider.closeAllConnections();
  await new Promise((resolve) => hangingProvider.close(resolve));
  await worker?.stop();
  await openai?.stop();
  await setup?.database.drop();
});

it('runs another user’s task at once while a provider hangs on one user’s runs', { timeout: 60_000 }, async () => {
  const { database, userId: stuckUser } = setup;
  const hangingUrl = `http://127.0.0.1:${(hangingProvider.address() as { port: number }).port}`;
  const env = {
    OPENAI_API_KEY: 'sk-test',
    OPENAI_BASE_URL: openai.baseUrl,
    ANTHROPIC_API_KEY: 'sk-ant-test',
    ANTHROPIC_BASE_URL: hangingUrl,
  };
  worker = await startWorker({ pool: database.pool, concurrency: 4, deps: createEngineDeps({ database, env }) });
  const due = { scheduleType: 'custom' as const, customCron: '0 0 1 1 *', nextFireAt: new Date() };

  for (let index = 0; index < 8; index++) {
    await seedTask(database.db, stuckUser, { ...due, name: `Stuck ${index}`, provider: 'anthropic', model: 'claude-haiku-4-5' });
  }
  await notifyTasksChanged(database.db);
  await waitFor(async () => (hanging.length >= runSharePerUser(4) ? true : undefined), 'the hanging provider to be called');

  const tookMs = await timeAnotherUsersRun(database, {}, 'completed');
  expect(tookMs).toBeLessThan(5_000);

  // The stuck user's runs hold their share and no more: the rest wait in the queue, holding no slot.
  expect(hanging).toHaveLength(runSharePerUser(4));
  const { rows } = await database.db.execute<{ waiting: number }>(sql`
    select count(*)::int as waiting from graphile_worker.jobs where locked_at is null and flags ? ${`owner:${stuckUser}`}`);
  expect(rows[0]?.waiting).toBe(8 - runSharePerUser(4));
});
