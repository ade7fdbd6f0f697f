import type { AddressInfo } from 'node:net';
import { Client as CurrentClient, StreamableHTTPClientTransport as CurrentTransport } from '@modelcontextprotocol/client';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as V1Transport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpServer } from '#server/http-server';
import { createdApiKeySchema } from '#shared/api-keys/api-key.schema';
import { createTestApp, testAppUrl, type TestClient } from '#test/app';
import { testLogger } from '#test/database';
import { useAppWithWorker } from '#test/engine-setup';
import { startOpenAiServer } from '#test/openai-server';
import { startMailServer } from '#test/mail-server';
import { taskResponseSchema } from '#shared/tasks/task.schema';
import { deliveryRulesMessages } from '#shared/tasks/delivery-rules';

/**
 * The MCP server (ADR 0124) as agents meet it: the official clients of both SDK lines over Streamable HTTP against
 * the product served over HTTP with a worker and a local OpenAI-compatible server.
 */
let openai: Awaited<ReturnType<typeof startOpenAiServer>>;
let mail: Awaited<ReturnType<typeof startMailServer>>;
const servers: Array<Awaited<ReturnType<typeof startHttpServer>>> = [];
const urls: string[] = [];
let client: TestClient;

beforeAll(async () => {
  openai = await startOpenAiServer({ defaultText: 'Three new posts on the MCP blog.' });
  mail = await startMailServer();
});
afterAll(async () => {
  await Promise.all([openai?.stop(), mail?.stop()]);
});

const env = () => ({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: openai.baseUrl, SMTP_URL: mail.url });
const t = useAppWithWorker({ env, concurrency: 2 });

beforeAll(async () => {
  // Two API processes on one database, as a scaled install runs them.
  const second = await createTestApp({ database: t.database, env: env() });
  for (const app of [t.app, second.app]) {
    const http = await startHttpServer({ fetch: app.fetch, port: 0, logger: testLogger });
    servers.push(http);
    urls.push(`http://127.0.0.1:${(http.server.address() as AddressInfo).port}`);
  }
  ({ client } = await t.signIn({ name: 'Agent Owner', email: 'agents@example.com' }));
});
afterAll(async () => {
  await Promise.all(servers.map((http) => http.close()));
});

async function newKey(scope: 'read' | 'write', name = `${scope} agent`, approveAgentTasks = false): Promise<string> {
  const created = await client.expectOk(createdApiKeySchema, '/api/me/api-keys', {
    method: 'POST',
    body: { name, scope, approveAgentTasks },
    status: 201,
  });
  return created.key;
}

/** A fetch that sends each request to the next of the two servers in turn, and counts where they went. */
function alternatingFetch() {
  const served = [0, 0];
  let next = 0;
  const fetcher = (input: string | URL | Request, init?: RequestInit) => {
    const index = next;
    next = (next + 1) % urls.length;
    served[index] = (served[index] ?? 0) + 1;
    const url = new URL(input instanceof Request ? input.url : input);
    const target = new URL(`${url.pathname}${url.search}`, urls[index]);
    return fetch(target, init);
  };
  return { fetcher, served };
}

type ToolAnswer = { isError?: boolean; structuredContent?: Record<string, unknown>; content?: unknown };

function structured(answer: unknown): Record<string, unknown> {
  const result = answer as ToolAnswer;
  expect(result.isError ?? false, JSON.stringify(result.content)).toBe(false);
  const text = (result.content as Array<{ type: string; text: string }>)[0]?.text ?? '';
  expect(JSON.parse(text)).toEqual(result.structuredContent);
  return result.structuredContent ?? {};
}

const taskArguments = {
  name: 'MCP watch',
  provider: 'openai',
  model: 'gpt-4.1-mini',
  scheduleType: 'daily',
  localTime: '09:00',
  timezone: 'Europe/Berlin',
  prompt: 'What is new on the MCP blog?',
  deliveryMethod: 'webhook',
  deliveryConfig: { webhookUrl: 'https://hooks.example.com/mcp' },
  somethingUnknown: 'ignored',
};

const toolNames = [
  'create_task',
  'delete_task',
  'get_run',
  'get_task',
  'list_runs',
  'list_tasks',
  'pause_task',
  'preview_schedule',
  'resume_task',
  'run_task_now',
  'update_task',
];

describe.each([
  {
    sdk: 'SDK 1.x',
    revision: '2025-11-25',
    connect: async (key: string, fetcher?: typeof fetch) => {
      const mcp = new V1Client({ name: 'v1-test', version: '1.0.0' });
      const headers = { Authorization: `Bearer ${key}` };
      const transport = new V1Transport(new URL(`${urls[0]}/mcp`), { requestInit: { headers }, ...(fetcher ? { fetch: fetcher } : {}) });
      await mcp.connect(transport);
      return {
        protocolVersion: () => transport.protocolVersion,
        listTools: async () => (await mcp.listTools()).tools,
        call: (name: string, args: Record<string, unknown>) => mcp.callTool({ name, arguments: args }),
        close: () => mcp.close(),
      };
    },
  },
  {
    sdk: 'current SDK',
    revision: '2026-07-28',
    connect: async (key: string, fetcher?: typeof fetch) => {
      // The current SDK speaks the 2025 handshake unless told to negotiate; pinned, it speaks only the new revision.
      const mcp = new CurrentClient({ name: 'current-test', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
      const headers = { Authorization: `Bearer ${key}` };
      const transport = new CurrentTransport(new URL(`${urls[0]}/mcp`), {
        requestInit: { headers },
        ...(fetcher ? { fetch: fetcher } : {}),
      });
      await mcp.connect(transport);
      return {
        protocolVersion: () => transport.protocolVersion,
        listTools: async () => (await mcp.listTools()).tools,
        call: (name: string, args: Record<string, unknown>) => mcp.callTool({ name, arguments: args }),
        close: () => mcp.close(),
      };
    },
  },
])('an agent with the $sdk client', ({ sdk, revision, connect }) => {
  it('lists the tools, creates a task, runs it and reads its result, across two API processes', async () => {
    const { fetcher, served } = alternatingFetch();
    const agent = await connect(await newKey('write', `claude ${sdk}`), fetcher as typeof fetch);
    try {
      expect(agent.protocolVersion()).toBe(revision);
      const tools = await agent.listTools();
      expect(tools.map((tool) => tool.name).sort()).toEqual(toolNames);
      const create = tools.find((tool) => tool.name === 'create_task');
      expect(create?.inputSchema).toMatchObject({ type: 'object', properties: { name: expect.any(Object), prompt: expect.any(Object) } });

      const created = structured(await agent.call('create_task', { ...taskArguments, name: `MCP watch ${sdk}` }));
      const task = created.task as { id: string; name: string; status: string; webhookSecret: string | null };
      expect(task).toMatchObject({ name: `MCP watch ${sdk}`, status: 'active' });
      expect(task.webhookSecret).toMatch(/^whsec_/);
      expect(created.schedule).toBe('Daily at 09:00');
      expect(created.nextRuns).toHaveLength(5);

      const ran = structured(await agent.call('run_task_now', { taskId: task.id }));
      const run = ran.run as { id: string; status: string; result: string };
      expect(run).toMatchObject({ status: 'completed', result: 'Three new posts on the MCP blog.' });

      const read = structured(await agent.call('get_run', { runId: run.id }));
      expect(read.run).toMatchObject({ id: run.id, taskId: task.id, result: 'Three new posts on the MCP blog.' });
      const history = structured(await agent.call('list_runs', { q: 'MCP blog', range: '24h' }));
      expect((history.items as Array<{ id: string }>).map((item) => item.id)).toContain(run.id);

      const updated = structured(await agent.call('update_task', { taskId: task.id, localTime: '07:30', madeUp: true }));
      expect(updated.schedule).toBe('Daily at 07:30');
      expect((updated.task as { name: string }).name).toBe(`MCP watch ${sdk}`);
      // A prompt sent as text replaces the prompt, as PATCH /api/tasks/{id} does: its temperature goes back to 1.
      await client.request(`/api/tasks/${task.id}`, { method: 'PATCH', body: { prompt: { temperature: 0.3 } } });
      const reworded = structured(await agent.call('update_task', { taskId: task.id, prompt: 'List the new posts of the MCP blog.' }));
      const viaRest = await client.expectOk(taskResponseSchema, `/api/tasks/${task.id}`, {
        method: 'PATCH',
        body: { prompt: 'List the new posts of the MCP blog.' },
      });
      expect((reworded.task as { prompt: unknown }).prompt).toEqual({
        input: 'List the new posts of the MCP blog.',
        temperature: 1,
        searchEnabled: false,
      });
      expect(viaRest.task.prompt).toEqual((reworded.task as { prompt: unknown }).prompt);

      // The REST API's own rules and messages.
      // Made by MCP, recorded as such.
      const page = await client.expectOk(taskResponseSchema, `/api/tasks/${task.id}`);
      expect(page.task).toMatchObject({ createdVia: 'mcp', createdByKey: `claude ${sdk}`, awaitingApproval: false });

      const refused = (await agent.call('create_task', { ...taskArguments, name: 'x' })) as ToolAnswer;
      expect(refused.isError).toBe(true);
      expect(refused.structuredContent).toMatchObject({ error: { code: 'validation_failed', fields: { name: expect.any(String) } } });
      // A destination's own rule (ADR 0132) is in the tool's schema and checked as the API checks it.
      expect(create?.inputSchema).toMatchObject({
        properties: { destinations: { items: { properties: { onlyWhen: expect.any(Object) } } } },
      });
      const onlyWhen = { match: 'all', rules: [{ field: 'price', op: '<', value: 100 }] };
      const unruled = (await agent.call('create_task', {
        ...taskArguments,
        destinations: [{ method: 'webhook', config: { webhookUrl: 'https://hooks.example.com/mcp' }, onlyWhen }],
      })) as ToolAnswer;
      expect(unruled.isError).toBe(true);
      expect(unruled.structuredContent).toMatchObject({
        error: {
          code: 'validation_failed',
          fields: { 'destinations.0.onlyWhen': `destinations[0]: ${deliveryRulesMessages.withoutOutputSchema}` },
        },
      });

      // Both processes answered the one client: nothing is kept between requests.
      expect(served[0]).toBeGreaterThan(1);
      expect(served[1]).toBeGreaterThan(1);
    } finally {
      await agent.close();
    }
  });

  it('lets a read key list and read but refuses it every write tool', async () => {
    const writer = await connect(await newKey('write'));
    const created = structured(await writer.call('create_task', { ...taskArguments, name: `Read me ${sdk}` }));
    const taskId = (created.task as { id: string }).id;
    await writer.close();

    const reader = await connect(await newKey('read'));
    try {
      expect((await reader.listTools()).map((tool) => tool.name).sort()).toEqual(toolNames);
      const read = structured(await reader.call('get_task', { taskId }));
      expect(read.task).toMatchObject({ id: taskId, webhookSecret: null });
      const listed = structured(await reader.call('list_tasks', { search: `Read me ${sdk}` }));
      expect(listed.items).toEqual([expect.objectContaining({ id: taskId, webhookSecret: null, schedule: 'Daily at 09:00' })]);
      const preview = structured(
        await reader.call('preview_schedule', {
          scheduleType: 'weekly',
          localTime: '08:00',
          timezone: 'UTC',
          startDate: '2030-01-07',
          count: 2,
        }),
      );
      expect(preview).toMatchObject({
        schedule: 'Weekly on Monday at 08:00',
        items: [{ local: '2030-01-07 08:00' }, { local: '2030-01-14 08:00' }],
      });

      for (const [name, args] of [
        ['create_task', taskArguments],
        ['pause_task', { taskId }],
        ['delete_task', { taskId }],
        ['run_task_now', { taskId }],
      ] as const) {
        const refused = (await reader.call(name, args)) as ToolAnswer;
        expect(refused.isError, name).toBe(true);
        expect(refused.structuredContent, name).toMatchObject({ error: { code: 'forbidden' } });
      }
      const still = structured(await reader.call('get_task', { taskId }));
      expect(still.task).toMatchObject({ status: 'active' });
    } finally {
      await reader.close();
    }
  });
});

describe('a task an agent makes with a key whose tasks need approval', () => {
  it('waits paused, mails the owner once, and only the owner’s Approve makes it run', async () => {
    const key = await newKey('write', 'claude-desktop', true);
    const mcp = new V1Client({ name: 'approval-test', version: '1.0.0' });
    await mcp.connect(new V1Transport(new URL(`${urls[1]}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${key}` } } }));
    try {
      const created = structured(await mcp.callTool({ name: 'create_task', arguments: { ...taskArguments, name: 'Needs a yes' } }));
      const task = created.task as { id: string };
      expect(created.task).toMatchObject({ status: 'paused', awaitingApproval: true, createdVia: 'mcp', createdByKey: 'claude-desktop' });
      expect(created.nextRuns).toEqual([]);

      const approvalMail = await mail.waitFor('agents@example.com', (sent) => sent.subject.includes('Needs a yes'));
      // The test server's parser may fold a long subject at a space it adds; the words are what a reader sees.
      const words = (text: string) => text.replace(/\s+/g, '');
      expect(words(approvalMail.subject)).toBe(words(`Approve "Needs a yes", a task created by agent 'claude-desktop'`));
      expect(approvalMail.links).toContain(`${testAppUrl}/dashboard/tasks/${task.id}`);

      // Neither the agent's tools nor its key on the REST API get past the owner.
      for (const name of ['resume_task', 'run_task_now']) {
        const refused = (await mcp.callTool({ name, arguments: { taskId: task.id } })) as ToolAnswer;
        expect(refused.structuredContent, name).toMatchObject({
          error: { code: 'conflict', message: 'This task is waiting for your approval. Approve it in Promptcron first.' },
        });
      }
      const byKey = await fetch(`${urls[0]}/api/tasks/${task.id}/approve`, { method: 'POST', headers: { Authorization: `Bearer ${key}` } });
      expect(byKey.status).toBe(403);
      const patched = structured(await mcp.callTool({ name: 'update_task', arguments: { taskId: task.id, name: 'Needs a yes!' } }));
      expect(patched.task).toMatchObject({ status: 'paused', awaitingApproval: true });

      const approved = await client.expectOk(taskResponseSchema, `/api/tasks/${task.id}/approve`, { method: 'POST' });
      expect(approved.task).toMatchObject({ status: 'active', awaitingApproval: false });
      expect(approved.task.nextFireAt).not.toBeNull();
      const ran = structured(await mcp.callTool({ name: 'run_task_now', arguments: { taskId: task.id } }));
      expect(ran.run).toMatchObject({ status: 'completed' });
      expect(mail.messages.filter((sent) => sent.subject.startsWith('Approve "Needs a yes'))).toHaveLength(1);
    } finally {
      await mcp.close();
    }
  });
});

describe('the /mcp endpoint over plain HTTP', () => {
  const initialize = {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'curl', version: '1' } },
  };
  const post = (headers: Record<string, string>) =>
    fetch(`${urls[0]}/mcp`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers },
      body: JSON.stringify(initialize),
    });

  it('answers 401 with where to learn how to authenticate, and serves that document', async () => {
    for (const headers of [{}, { Authorization: 'Bearer pc_not-a-key' }] as Array<Record<string, string>>) {
      const answer = await post(headers);
      expect(answer.status).toBe(401);
      expect(answer.headers.get('www-authenticate')).toBe(
        `Bearer resource_metadata="${testAppUrl}/.well-known/oauth-protected-resource/mcp"`,
      );
    }
    const metadata = await fetch(`${urls[0]}/.well-known/oauth-protected-resource/mcp`);
    expect(metadata.status).toBe(200);
    expect(await metadata.json()).toMatchObject({ resource: `${testAppUrl}/mcp`, bearer_methods_supported: ['header'] });
  });

  it('refuses a request from another site with 403 and answers one from the app itself', async () => {
    const key = await newKey('read');
    const foreign = await post({ Authorization: `Bearer ${key}`, Origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    const own = await post({ Authorization: `Bearer ${key}`, Origin: new URL(testAppUrl).origin });
    expect(own.status).toBe(200);
    expect(own.headers.get('mcp-session-id')).toBeNull();
  });
});
