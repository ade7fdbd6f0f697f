import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '#test/app';
import { taskInput } from '#test/builders';
import { useAppWithWorker, waitFor } from '#test/engine-setup';
import { startOpenAiServer } from '#test/openai-server';
import { startWebhookReceiver } from '#test/webhook-receiver';
import { watchJobQueue } from '../../metrics/metrics';
import { measureJobQueue } from '../../queue/queue-internals';
import { runResponseSchema } from '#shared/runs/run.schema';
import { taskResponseSchema } from '#shared/tasks/task.schema';
import { healthSchema } from '#shared/health.schema';

/** `/metrics` for Prometheus (issue 22): its token, and what an all-in-one process and a worker-only one report. */
const token = 'metrics-token-for-the-tests';
let openai: Awaited<ReturnType<typeof startOpenAiServer>>;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
const children: ChildProcess[] = [];

beforeAll(async () => {
  openai = await startOpenAiServer({ defaultText: 'Measured.' });
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await Promise.all([openai?.stop(), receiver?.stop()]);
});

// As main.ts wires an all-in-one process: the worker and the queue gauges in the same registry as the API.
const t = useAppWithWorker({
  env: () => ({ METRICS_TOKEN: token, OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: openai.baseUrl, ALLOW_PRIVATE_WEBHOOKS: 'true' }),
  concurrency: 2,
});

let unwatchJobQueue = () => {};
beforeAll(() => {
  unwatchJobQueue = watchJobQueue(() => measureJobQueue(t.db));
});

afterAll(() => {
  // The registry stays in this process for the next suite, whose database this one is not.
  unwatchJobQueue();
  for (const child of children) child.kill('SIGKILL');
});

async function scrape(authorization?: string) {
  const response = await t.app.request('/metrics', { headers: authorization ? { Authorization: authorization } : {} });
  return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
}

/** The value of one sample line, e.g. `promptcron_runs_total{status="completed",provider="openai"}`. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  it('needs the metrics token', async () => {
    expect((await scrape()).status).toBe(401);
    expect((await scrape('Bearer not-the-token-at-all')).status).toBe(401);
    expect((await scrape(`Basic ${token}`)).status).toBe(401);
    const scraped = await scrape(`Bearer ${token}`);
    expect(scraped.status).toBe(200);
    expect(scraped.type).toMatch(/^text\/plain; version=0\.0\.4/);
  });

  it('is not there without METRICS_TOKEN', async () => {
    const { app: plain } = await createTestApp({ database: t.database });
    const response = await plain.request('/metrics', { headers: { Authorization: `Bearer ${token}` } });
    expect(response.status).toBe(404);
  });

  it('reports requests by route pattern, Node’s own figures, runs, provider calls, deliveries and the queue', async () => {
    // The registry is the process's own: other test files in this worker may have counted already, so compare.
    const before = (await scrape(`Bearer ${token}`)).text;
    const added = (text: string, name: string) => (sample(text, name) ?? 0) - (sample(before, name) ?? 0);
    const { client } = await t.signIn({ name: 'Measured' });
    const created = await client.expectOk(taskResponseSchema, '/api/tasks', {
      method: 'POST',
      body: taskInput({ name: 'Measured task', deliveryMethod: 'webhook', deliveryConfig: { webhookUrl: receiver.url } }),
      status: 201,
    });
    const taskId = created.task.id;
    await client.request(`/api/tasks/${taskId}`);
    await client.request('/api/tasks/00000000-0000-0000-0000-000000000000');
    expect((await client.expectOk(runResponseSchema, `/api/tasks/${taskId}/runs`, { method: 'POST' })).run.status).toBe('completed');
    await waitFor(async () => (receiver.received.length > 0 ? true : undefined), 'the delivery');

    const { text } = await scrape(`Bearer ${token}`);
    expect(added(text, 'promptcron_http_request_duration_seconds_count{method="GET",route="/api/tasks/:id",status="200"}')).toBe(1);
    expect(added(text, 'promptcron_http_request_duration_seconds_count{method="GET",route="/api/tasks/:id",status="404"}')).toBe(1);
    expect(added(text, 'promptcron_http_request_duration_seconds_count{method="POST",route="/api/tasks",status="201"}')).toBe(1);
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect(added(text, 'promptcron_runs_total{status="completed",provider="openai"}')).toBe(1);
    expect(added(text, 'promptcron_provider_latency_seconds_count{provider="openai",outcome="ok"}')).toBe(1);
    await waitFor(
      async () =>
        added((await scrape(`Bearer ${token}`)).text, 'promptcron_delivery_attempts_total{method="webhook",outcome="delivered"}') === 1
          ? true
          : undefined,
      'the delivery counted',
    );
    expect(sample(text, 'promptcron_job_queue_depth')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'promptcron_job_queue_oldest_waiting_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'promptcron_sse_connections')).toBe(0);
    expect(text).toContain('promptcron_fire_lateness_seconds_bucket');
  });
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('a worker-only process', () => {
  it('serves its metrics on METRICS_PORT, behind the same token', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts', '--role=worker'], {
      env: {
        PATH: process.env.PATH ?? '',
        DATABASE_URL: t.database.url,
        AUTH_SECRET: 'test-secret-that-is-at-least-32-characters',
        METRICS_TOKEN: token,
        METRICS_PORT: String(port),
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.push(child);
    const url = `http://127.0.0.1:${port}/metrics`;
    const text = await waitFor(
      async () => {
        const response = await fetch(url, { headers: { Authorization: `Bearer ${token}` } }).catch(() => undefined);
        return response?.status === 200 ? response.text() : undefined;
      },
      'the worker’s metrics',
      { timeoutMs: 60_000, everyMs: 250 },
    );
    expect(text).toContain('promptcron_job_queue_depth');
    expect(text).toContain('process_resident_memory_bytes');
    expect((await fetch(url)).status).toBe(401);
    // The same health answer as an API process's, for a process manager or a load balancer's check (issue 38).
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
    expect(healthSchema.parse(await health.json())).toMatchObject({ status: 'ok' });
  });
});
