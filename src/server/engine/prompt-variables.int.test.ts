import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectStatus, type TestClient } from '#test/app';
import { taskInput } from '#test/builders';
import { useAppWithWorker, waitFor } from '#test/engine-setup';
import { startOpenAiServer } from '#test/openai-server';
import { taskResponseSchema } from '#shared/tasks/task.schema';
import { taskRuns, tasks } from '../db/schema';
import { claimDueTasks } from './claim-due-tasks';

/**
 * Prompt variables (issue 23) on real parts: the API refuses unknown ones, the engine fills them in at the run's slot
 * in the task's zone (Run Now: when it started), sends the result through the OpenAI SDK, and keeps what it sent.
 */
let openai: Awaited<ReturnType<typeof startOpenAiServer>>;
let owner: TestClient;

// Each test gives the prompt and the zone.
const baseTask = taskInput({ model: 'gpt-5-nano' });

beforeAll(async () => {
  openai = await startOpenAiServer({ defaultText: 'First answer.' });
});

const t = useAppWithWorker({
  env: () => ({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: openai.baseUrl }),
  concurrency: 2,
  // The tests claim slots themselves, at the moments they choose.
  schedule: false,
});

beforeAll(async () => {
  // A member on Unlimited: the runs here are not about the plan's limits.
  ({ client: owner } = await t.signIn({ name: 'Owner', email: 'variables@example.com', plan: 'unlimited' }));
});

afterAll(async () => {
  await openai?.stop();
});

async function createTask(body: Record<string, unknown>) {
  return (await owner.expectOk(taskResponseSchema, '/api/tasks', { method: 'POST', body: { ...baseTask, ...body }, status: 201 })).task;
}

async function finishedRuns(taskId: string, count: number) {
  return waitFor(async () => {
    const runs = await t.db.select().from(taskRuns).where(eq(taskRuns.taskId, taskId)).orderBy(asc(taskRuns.startedAt));
    return runs.length === count && runs.every((run) => run.status !== 'processing') ? runs : undefined;
  }, `${count} finished runs`);
}

/** What the test model was asked, for the request whose prompt starts with `marker`. */
function sentPrompt(marker: string): string | undefined {
  return openai.requests
    .map((request) => request.body.input)
    .find((input): input is string => typeof input === 'string' && input.startsWith(marker));
}

describe('saving a prompt', () => {
  it('refuses an unknown variable, naming it and every variable there is', async () => {
    const response = await owner.expectError('/api/tasks', {
      method: 'POST',
      body: { ...baseTask, name: 'Typo', timezone: 'UTC', prompt: { input: 'What happened on {{date}} and {{foo}}?' } },
      status: 400,
    });
    expect(response.error.fields).toEqual({
      'prompt.input':
        'Unknown variable {{foo}}. Available: {{date}}, {{time}}, {{weekday}}, {{task.name}}, {{run.scheduled_for}}, {{last_result}}, {{last_items}}',
    });
  });

  it('accepts escaped braces and keeps the prompt as written', async () => {
    const task = await createTask({ name: 'Escapes', timezone: 'UTC', prompt: { input: 'Fill in \\{{foo}} for {{ task.name }}.' } });
    expect(task.prompt.input).toBe('Fill in \\{{foo}} for {{ task.name }}.');
  });
});

describe('a scheduled run', () => {
  // 23:30 UTC on Monday 6 July 2026: already Tuesday morning in Tokyo, still Monday afternoon in Los Angeles.
  const slot = new Date('2026-07-06T23:30:00Z');

  it.each([
    ['Asia/Tokyo', 'Tokyo: 2026-07-07 08:30 Tuesday 2026-07-07T08:30:00+09:00 Tokyo digest'],
    ['America/Los_Angeles', 'Los Angeles: 2026-07-06 16:30 Monday 2026-07-06T16:30:00-07:00 Los Angeles digest'],
    ['Asia/Kathmandu', 'Kathmandu: 2026-07-07 05:15 Tuesday 2026-07-07T05:15:00+05:45 Kathmandu digest'],
  ])('reads the variables at its slot in the task’s zone (%s)', async (timezone, expected) => {
    const city = expected.split(':')[0] ?? '';
    const task = await createTask({
      name: `${city} digest`,
      timezone,
      prompt: { input: `${city}: {{date}} {{time}} {{weekday}} {{run.scheduled_for}} {{task.name}}` },
    });
    await t.db.update(tasks).set({ nextFireAt: slot }).where(eq(tasks.id, task.id));
    await claimDueTasks({ db: t.db, now: new Date(slot.getTime() + 60_000) });
    const [run] = await finishedRuns(task.id, 1);
    expect(sentPrompt(`${city}:`)).toBe(expected);
    expect(run).toMatchObject({ status: 'completed', prompt: expected });
  });
});

describe('Run Now', () => {
  it('reads the variables at the moment it started, and the previous result in {{last_result}}', async () => {
    const task = await createTask({
      name: 'Changes',
      timezone: 'Pacific/Auckland',
      prompt: { input: 'Changes on {{date}} at {{time}} ({{run.scheduled_for}}) since: [{{last_result}}] \\{{date}}' },
    });
    const first = await owner.request(`/api/tasks/${task.id}/runs`, { method: 'POST' });
    expectStatus(first, 200);
    expect(first.body.run.status).toBe('completed');
    const startedAt = new Date(first.body.run.startedAt);
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-US', {
        timeZone: 'Pacific/Auckland',
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        timeZoneName: 'longOffset',
      })
        .formatToParts(startedAt)
        .map((part) => [part.type, part.value]),
    );
    const date = `${parts.year}-${parts.month}-${parts.day}`;
    const time = `${parts.hour}:${parts.minute}`;
    const scheduledFor = `${date}T${time}:${parts.second}${String(parts.timeZoneName).replace('GMT', '')}`;
    const expected = `Changes on ${date} at ${time} (${scheduledFor}) since: [] {{date}}`;
    expect(first.body.run.prompt).toBe(expected);
    expect(sentPrompt('Changes on')).toBe(expected);

    openai.plan({ text: 'Second answer.' });
    const second = await owner.request(`/api/tasks/${task.id}/runs`, { method: 'POST' });
    expectStatus(second, 200);
    expect(second.body.run.prompt).toMatch(/since: \[First answer\.\] \{\{date\}\}$/);
    const third = await owner.request(`/api/tasks/${task.id}/runs`, { method: 'POST' });
    expectStatus(third, 200);
    expect(third.body.run.prompt).toMatch(/since: \[Second answer\.\] \{\{date\}\}$/);

    // The full-result dialog reads the run, prompt included.
    const read = await owner.request(`/api/runs/${third.body.run.id}`);
    expectStatus(read, 200);
    expect(read.body.run.prompt).toBe(third.body.run.prompt);
  });
});
