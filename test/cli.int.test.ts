import { execFile } from 'node:child_process';
import type { Server } from 'node:http';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAdaptorServer } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { useTestApp, type TestClient } from './app';
import { listenLocally } from './local-server';
import { seedRun, seedTask } from './seed';

/**
 * `promptcron` as a user runs it (ADR 0126): the command in package.json's `bin`, a real process, talking over HTTP to
 * the app listening on a port, with an API key.
 */
const t = useTestApp();
let baseUrl = '';
let server: Server;
let directory = '';
let owner: TestClient;
let ownerId = '';
let writeKey = '';

beforeAll(async () => {
  server = createAdaptorServer({ fetch: t.app.fetch }) as Server;
  baseUrl = `http://127.0.0.1:${await listenLocally(server)}`;
  directory = await mkdtemp(join(tmpdir(), 'promptcron-cli-'));
  ({ client: owner, id: ownerId } = await t.signIn({ name: 'Cli Owner', email: 'cli-owner@example.com', plan: 'unlimited' }));
  writeKey = await keyOf(owner, 'write');
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(directory, { recursive: true, force: true });
});

async function keyOf(client: TestClient, scope: 'read' | 'write'): Promise<string> {
  const { data } = await client.api.POST('/api/me/api-keys', { body: { name: `CLI ${scope}`, scope } });
  return data?.key ?? '';
}

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

/** `promptcron …args` with only what a user's shell holds: PATH, PROMPTCRON_URL and PROMPTCRON_KEY. */
function promptcron(args: string[], env: Record<string, string> = { PROMPTCRON_URL: baseUrl, PROMPTCRON_KEY: writeKey }): Promise<Outcome> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['bin/promptcron.js', ...args], { env: { PATH: process.env.PATH ?? '', ...env } }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

async function tasksFile(name: string, text: string): Promise<string> {
  const path = join(directory, name);
  await writeFile(path, text);
  return path;
}

const morning = `  - key: morning-news
    name: Morning news
    provider: openai
    model: gpt-4.1-mini
    scheduleType: daily
    localTime: "07:30"
    timezone: Europe/Berlin
    prompt: Summarise the three most important AI news of the day.
    deliveryMethod: webhook
    deliveryConfig:
      webhookUrl: https://hooks.example.com/news
`;
const weekly = `  - key: weekly-report
    name: Weekly report
    provider: openai
    model: gpt-4.1-mini
    scheduleType: custom
    customCron: "0 9 * * 1"
    timezone: UTC
    prompt:
      input: Write a short weekly report on open-source LLM releases.
      temperature: 0.3
    deliveryMethod: webhook
    deliveryConfig:
      webhookUrl: https://hooks.example.com/weekly
`;

async function ownTasks() {
  return (await owner.ok('/api/tasks?limit=100')).items;
}

describe('promptcron apply', () => {
  it('creates the declared tasks, changes nothing the second time, shows a dry run and prunes only with --yes', async () => {
    const file = await tasksFile('promptcron.yaml', `tasks:\n${morning}${weekly}`);
    const first = await promptcron(['apply', '-f', file]);
    expect(first).toMatchObject({ code: 0, stderr: '' });
    expect(first.stdout).toContain('+ create morning-news (Morning news)');
    expect(first.stdout).toContain('+ create weekly-report (Weekly report)');
    expect((await ownTasks()).map((task) => [task.key, task.name, task.status]).sort()).toEqual([
      ['morning-news', 'Morning news', 'active'],
      ['weekly-report', 'Weekly report', 'active'],
    ]);

    expect(await promptcron(['apply', '-f', file])).toEqual({ code: 0, stdout: 'No changes.\n', stderr: '' });

    // A dry run prints what would change and changes nothing.
    const edited = await tasksFile('edited.yaml', `tasks:\n${morning.replace('"07:30"', '"08:00"')}`);
    const before = await ownTasks();
    const dryRun = await promptcron(['apply', '-f', edited, '--prune', '--dry-run']);
    expect(dryRun.code).toBe(0);
    expect(dryRun.stdout).toBe(
      [
        '~ update morning-news',
        '    localTime: "07:30" → "08:00"',
        '- delete weekly-report (Weekly report)',
        'Dry run: nothing was changed. 0 to create, 1 to update, 1 to delete, 0 unchanged.',
        '',
      ].join('\n'),
    );
    expect(await ownTasks()).toEqual(before);

    // A task made elsewhere, without a key, is never pruned.
    await owner.ok('/api/tasks', {
      method: 'POST',
      body: {
        name: 'Made in the web app',
        provider: 'openai',
        model: 'gpt-4.1-mini',
        scheduleType: 'daily',
        localTime: '12:00',
        timezone: 'UTC',
        prompt: 'Tell me one fun fact about the sea.',
        deliveryMethod: 'webhook',
        deliveryConfig: { webhookUrl: 'https://hooks.example.com/fact' },
      },
    });
    const refused = await promptcron(['apply', '-f', edited, '--prune']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--prune would delete 1 task(s) and their history: add --yes to confirm. Nothing was changed.');
    expect((await ownTasks()).map((task) => task.key ?? '(none)').sort()).toEqual(['(none)', 'morning-news', 'weekly-report']);

    const pruned = await promptcron(['apply', '-f', edited, '--prune', '--yes', '--json']);
    expect(pruned.code).toBe(0);
    expect(JSON.parse(pruned.stdout)).toEqual({
      dryRun: false,
      created: [],
      updated: ['morning-news'],
      deleted: ['weekly-report'],
      unchanged: 0,
    });
    const after = await ownTasks();
    expect(after.map((task) => [task.key ?? '(none)', task.localTime]).sort()).toEqual([
      ['(none)', '12:00'],
      ['morning-news', '08:00'],
    ]);
  });

  it('exports the keyed tasks as a file that applies with no change', async () => {
    const file = await tasksFile('round-trip.yaml', `tasks:\n${weekly}`);
    expect((await promptcron(['apply', '-f', file])).code).toBe(0);
    const exported = await promptcron(['export']);
    expect(exported.code).toBe(0);
    expect(exported.stdout).toContain('- key: weekly-report');
    expect(exported.stdout).not.toContain('whsec_');
    expect(exported.stderr).toContain('1 task(s) without a key left out');
    const again = await tasksFile('exported.yaml', exported.stdout);
    expect(await promptcron(['apply', '-f', again])).toEqual({ code: 0, stdout: 'No changes.\n', stderr: '' });
  });

  it('refuses a file with an unknown field, a duplicate key or a secret, naming the line, and sends nothing', async () => {
    const before = await ownTasks();
    const unknown = await tasksFile('unknown.yaml', `tasks:\n${morning}    colour: blue\n`);
    expect(await promptcron(['apply', '-f', unknown])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining(`${unknown}:13: unknown field "colour". Known fields: key, name,`),
    });
    const duplicate = await tasksFile('duplicate.yaml', `tasks:\n${morning}${morning}`);
    expect(await promptcron(['apply', '-f', duplicate])).toMatchObject({
      code: 2,
      stderr: `${duplicate}:13: duplicate key "morning-news" (first at line 2).\n`,
    });
    const secret = await tasksFile(
      'secret.yaml',
      `tasks:\n${morning}    webhookSecret: whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQ=\n${weekly.replace('https://hooks.example.com/weekly', 'https://bot:hunter22@hooks.example.com/weekly')}`,
    );
    const refused = await promptcron(['apply', '-f', secret]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(
      `${secret}:13: "webhookSecret" is a secret: a tasks file is kept in a repository and never holds one.`,
    );
    expect(refused.stderr).toContain(`${secret}:26: "deliveryConfig.webhookUrl" holds a secret (a password in the URL)`);
    expect(await ownTasks()).toEqual(before);
  });
});

describe('promptcron tasks', () => {
  it('lists as JSON, reads by key, and exits 4 for a missing task, 3 for a bad key, 2 without settings', async () => {
    const listed = await promptcron(['--json', 'tasks', 'list']);
    expect(listed.code).toBe(0);
    const { items } = JSON.parse(listed.stdout) as { items: { id: string; key: string | null }[] };
    expect(items.map((task) => task.key ?? '(none)').sort()).toEqual(['(none)', 'morning-news', 'weekly-report']);

    const byKey = await promptcron(['tasks', 'get', 'morning-news', '--json']);
    expect(JSON.parse(byKey.stdout)).toMatchObject({ task: { key: 'morning-news', name: 'Morning news' } });

    expect(await promptcron(['tasks', 'get', '00000000-0000-4000-8000-000000000000'])).toMatchObject({ code: 4, stdout: '' });
    expect(await promptcron(['tasks', 'get', 'no-such-key'])).toMatchObject({
      code: 4,
      stderr: 'No task of yours has the id or key “no-such-key”.\n',
    });
    expect(await promptcron(['tasks', 'list'], { PROMPTCRON_URL: baseUrl, PROMPTCRON_KEY: 'pc_not-a-real-key' })).toMatchObject({
      code: 3,
    });
    const reader = await keyOf(owner, 'read');
    expect(await promptcron(['tasks', 'pause', 'morning-news'], { PROMPTCRON_URL: baseUrl, PROMPTCRON_KEY: reader })).toEqual({
      code: 3,
      stdout: '',
      stderr: 'This API key can only read. Use a key with the write scope.\n',
    });
    expect(await promptcron(['tasks', 'list'], {})).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('PROMPTCRON_URL and PROMPTCRON_KEY are not set.'),
    });
    expect(await promptcron(['tasks', 'frobnicate'])).toMatchObject({ code: 2 });
  });

  it('pauses and resumes by key, and exits 5 at the plan’s limit', async () => {
    expect((await promptcron(['tasks', 'pause', 'morning-news', '--json'])).stdout).toContain('"status": "paused"');
    expect((await promptcron(['tasks', 'resume', 'morning-news'])).stdout).toMatch(/\tmorning-news\tactive\tMorning news\n$/);

    // Free allows 5 active tasks: the sixth is refused as a limit.
    const { client: free } = await t.signIn({ name: 'Free Scripter', email: 'free-scripter@example.com' });
    const freeKey = await keyOf(free, 'write');
    const six = Array.from({ length: 6 }, (_, i) => morning.replace('morning-news', `news-${i}`)).join('');
    const file = await tasksFile('six.yaml', `tasks:\n${six}`);
    const outcome = await promptcron(['apply', '-f', file], { PROMPTCRON_URL: baseUrl, PROMPTCRON_KEY: freeKey });
    expect(outcome).toMatchObject({ code: 5, stderr: 'Your Free plan allows 5 active tasks. Pause or delete one to add another.\n' });
  });

  it('creates from a file and deletes by key; lists, reads and exports runs', async () => {
    const input = await tasksFile('task.json', JSON.stringify({ ...JSON.parse(JSON.stringify(taskOf(weekly))), key: 'from-json' }));
    const created = await promptcron(['tasks', 'create', '-f', input, '--json']);
    expect(created.code).toBe(0);
    expect(JSON.parse(created.stdout)).toMatchObject({ task: { key: 'from-json', name: 'Weekly report', status: 'active' } });
    expect(await promptcron(['tasks', 'create', '-f', input])).toMatchObject({
      code: 5,
      stderr: 'You already have a task with the key “from-json”. Keys are unique among your tasks.\n',
    });
    const deleted = await promptcron(['tasks', 'delete', 'from-json']);
    expect(deleted).toMatchObject({ code: 0, stdout: expect.stringMatching(/^Deleted [0-9a-f-]{36}\.\n$/) });
    expect((await owner.ok('/api/tasks?key=from-json')).items).toEqual([]);

    const task = await seedTask(t.db, ownerId, { name: 'Seeded for runs' });
    const runs = [];
    for (let i = 0; i < 3; i += 1) {
      runs.push(await seedRun(t.db, task, { startedAt: new Date(Date.now() - (i + 1) * 60_000), result: `Answer number ${i}.` }));
    }
    const listed = await promptcron(['runs', 'list', '--limit', '2', '--json']);
    expect(JSON.parse(listed.stdout)).toMatchObject({ items: [{ id: runs[0]?.id }, { id: runs[1]?.id }], total: 3 });
    const got = await promptcron(['runs', 'get', runs[2]?.id ?? '']);
    expect(got).toMatchObject({ code: 0, stdout: expect.stringContaining('Answer number 2.') });
    const exported = await promptcron(['runs', 'export', '--range', '24h']);
    expect(
      exported.stdout
        .trim()
        .split('\n')
        .map((line) => (JSON.parse(line) as { result: string }).result),
    ).toEqual(['Answer number 0.', 'Answer number 1.', 'Answer number 2.']);
    expect(await promptcron(['runs', 'list', '--limit', '500'])).toMatchObject({
      code: 2,
      stderr: '--limit must be a whole number from 1 to 100.\n',
    });
  });
});

/** The one task a tasks-file entry declares, as a task input object. */
function taskOf(entry: string): Record<string, unknown> {
  return (parseYaml(`tasks:\n${entry}`) as { tasks: Record<string, unknown>[] }).tasks[0] ?? {};
}
