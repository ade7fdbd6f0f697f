import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startHttpServer } from '#server/http-server';
import { createdApiKeySchema } from '#shared/api-keys/api-key.schema';
import { useTestApp, type TestClient } from '#test/app';
import { testLogger } from '#test/database';

/**
 * The key's rate limit holds for every MCP request (ADR 0124), not only tool calls: an agent looping on
 * `tools/list` or reconnecting is held to what the REST API allows the same key.
 */
const limit = 4;
const t = useTestApp({ env: { API_KEY_RATE_LIMIT: String(limit) } });
let http: Awaited<ReturnType<typeof startHttpServer>>;
let mcpUrl: URL;
let client: TestClient;

beforeAll(async () => {
  http = await startHttpServer({ fetch: t.app.fetch, port: 0, logger: testLogger });
  mcpUrl = new URL(`http://127.0.0.1:${(http.server.address() as AddressInfo).port}/mcp`);
  ({ client } = await t.signIn({ name: 'Looping Agent Owner' }));
});
afterAll(async () => {
  await http?.close();
});

async function connect(name: string) {
  const { key } = await client.expectOk(createdApiKeySchema, '/api/me/api-keys', {
    method: 'POST',
    body: { name, scope: 'read' },
    status: 201,
  });
  const mcp = new Client({ name, version: '1.0.0' });
  await mcp.connect(new StreamableHTTPClientTransport(mcpUrl, { requestInit: { headers: { Authorization: `Bearer ${key}` } } }));
  return { mcp, key };
}

it('refuses listing tools past the key’s limit with 429, and leaves other keys alone', async () => {
  // initialize and notifications/initialized are two requests of the four.
  const { mcp, key } = await connect('looping agent');
  await mcp.listTools();
  await mcp.listTools();
  await expect(mcp.listTools()).rejects.toThrow(`This API key may make ${limit} requests a minute.`);

  const refused = await fetch(mcpUrl, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/list' }),
  });
  expect(refused.status).toBe(429);
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(await refused.json()).toMatchObject({ jsonrpc: '2.0', id: 7, error: { message: expect.stringContaining('requests a minute') } });

  // A tool call past the limit is refused by the tool, in words the agent's model reads.
  const call = await mcp.callTool({ name: 'list_tasks', arguments: {} });
  expect(call.isError).toBe(true);
  expect(JSON.stringify(call.content)).toContain('requests a minute');
  await mcp.close();

  const other = await connect('another agent');
  expect((await other.mcp.listTools()).tools.length).toBeGreaterThan(0);
  await other.mcp.close();
});
