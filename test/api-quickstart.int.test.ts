import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startHttpServer } from '#server/http-server';
import { createdApiKeySchema } from '#shared/api-keys/api-key.schema';
import { taskRunPageSchema } from '#shared/runs/run.schema';
import { taskPageSchema } from '#shared/tasks/task.schema';
import type { TestClient } from './app';
import { testLogger } from './database';
import { useAppWithWorker } from './engine-setup';
import { startMailServer } from './mail-server';
import { startOpenAiServer } from './openai-server';

/**
 * docs/api.md's quick start, run as written: the commands a reader pastes, with curl and jq, against the product
 * served over HTTP with a worker, a key made as Settings makes it, the official OpenAI SDK talking to a local
 * OpenAI-compatible server, and an SMTP server.
 */
let mail: Awaited<ReturnType<typeof startMailServer>>;
let openai: Awaited<ReturnType<typeof startOpenAiServer>>;
let http: Awaited<ReturnType<typeof startHttpServer>>;
let baseUrl: string;
let client: TestClient;

beforeAll(async () => {
  mail = await startMailServer();
  openai = await startOpenAiServer({ defaultText: 'Scheduled prompts keep watch while you sleep.' });
});
afterAll(async () => {
  await Promise.all([mail?.stop(), openai?.stop()]);
});

const t = useAppWithWorker({
  env: () => ({ OPENAI_API_KEY: 'sk-test', SMTP_URL: mail.url, OPENAI_BASE_URL: openai.baseUrl }),
  concurrency: 2,
});

beforeAll(async () => {
  http = await startHttpServer({ fetch: t.app.fetch, port: 0, logger: testLogger });
  baseUrl = `http://127.0.0.1:${(http.server.address() as AddressInfo).port}`;
  // The script writer is the install's first account, its admin.
  ({ client } = await t.signIn({ name: 'Script Writer', email: 'scripts@example.com', role: 'admin' }));
});

afterAll(async () => {
  await http?.close();
});

async function quickStartCommands(): Promise<string> {
  const docs = await readFile(new URL('../docs/api.md', import.meta.url), 'utf8');
  const section = docs.slice(docs.indexOf('### Quick start'));
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1];
  if (!block) throw new Error('docs/api.md has no sh block under "### Quick start"');
  return block;
}

it('creates a task, runs it and lists its runs with an API key, as docs/api.md says', async () => {
  const created = await client.expectOk(createdApiKeySchema, '/api/me/api-keys', {
    method: 'POST',
    body: { name: 'Quick start', scope: 'write' },
    status: 201,
  });
  const commands = await quickStartCommands();

  const run = () =>
    promisify(execFile)('bash', ['-euo', 'pipefail', '-c', commands], {
      env: { PATH: process.env.PATH ?? '', PROMPTCRON_URL: baseUrl, PROMPTCRON_KEY: created.key },
      timeout: 60_000,
    });
  const { stdout } = await run();
  const taskId = /^Created task ([0-9a-f-]{36})$/m.exec(stdout)?.[1];
  expect(taskId, stdout).toBeDefined();
  expect(stdout).toMatch(/^completed$/m);
  expect(stdout).toContain('"result": "Scheduled prompts keep watch while you sleep."');

  // The Idempotency-Key makes running the whole quick start again create no second task.
  const again = await run();
  expect(again.stdout).toContain(`Created task ${taskId}`);
  const tasks = await client.expectOk(taskPageSchema, '/api/tasks');
  expect(tasks.items.map((task) => [task.id, task.name])).toEqual([[taskId, 'Morning brief']]);
  const runs = await client.expectOk(taskRunPageSchema, `/api/tasks/${taskId}/runs`);
  expect(runs.items).toHaveLength(2);
});
