import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { approveAgentTasksLabel } from '#shared/api-keys/api-key.schema';
import { expect, openDashboard, signUp, test } from './fixtures';

/**
 * ADRs 0124 and 0125: the owner makes an API key in Settings (its tasks need approval by default), an AI assistant
 * creates a task with it through the MCP server, and the task waits, paused, until the owner approves it: the
 * overview says so, the task's page names the agent, and Approve makes it active.
 */
test('a task an agent creates through MCP waits for the owner, who approves it from the overview', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  if (!baseURL) throw new Error('The base URL comes from e2e/global-setup.ts');
  const name = 'Agent Owner';
  await signUp(page, { name, label: 'agent-approval' });

  await page.goto('/dashboard/settings?tab=api-keys');
  await page.getByLabel('Name', { exact: true }).fill('claude-desktop');
  await page.getByLabel('Scope').selectOption('write');
  // New keys hold their agents' tasks unless the owner says otherwise.
  await expect(page.getByRole('checkbox', { name: approveAgentTasksLabel })).toBeChecked();
  await page.getByRole('button', { name: 'Create API Key' }).click();
  const dialog = page.getByRole('dialog', { name: 'API key created' });
  const key = (await dialog.locator('code').textContent())?.trim() ?? '';
  expect(key).toMatch(/^pc_/);
  await dialog.getByRole('button', { name: 'Done' }).click();

  // The agent: the official MCP client, outside the browser, with only the key.
  const agent = new Client({ name: 'agent-approval-journey', version: '1.0.0' });
  await agent.connect(
    new StreamableHTTPClientTransport(new URL('/mcp', baseURL), { requestInit: { headers: { Authorization: `Bearer ${key}` } } }),
  );
  let taskId: string;
  try {
    const created = (await agent.callTool({
      name: 'create_task',
      arguments: {
        name: 'Watch the MCP blog',
        provider: 'openai',
        model: 'gpt-5-nano',
        scheduleType: 'daily',
        localTime: '09:00',
        timezone: 'UTC',
        prompt: 'What is new on the MCP blog?',
        deliveryMethod: 'webhook',
        deliveryConfig: { webhookUrl: 'https://hooks.example.com/mcp' },
      },
    })) as { isError?: boolean; structuredContent?: { task?: { id: string; status: string; awaitingApproval: boolean } } };
    expect(created.isError ?? false, JSON.stringify(created)).toBe(false);
    expect(created.structuredContent?.task).toMatchObject({ status: 'paused', awaitingApproval: true });
    taskId = created.structuredContent?.task?.id ?? '';
  } finally {
    await agent.close();
  }

  await openDashboard(page, name);
  const banner = page.getByRole('region', { name: '1 task waits for your approval' });
  await expect(banner).toContainText("created by agent 'claude-desktop'");
  await banner.getByRole('link', { name: 'Watch the MCP blog' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/tasks/${taskId}$`));

  await expect(page.getByRole('heading', { level: 2, name: 'Watch the MCP blog' })).toBeVisible();
  await expect(page.getByText("Created by agent 'claude-desktop'")).toBeVisible();
  const approval = page.getByRole('region', { name: 'Waiting for your approval' });
  await expect(approval).toContainText('It will not run until you approve it.');
  await approval.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Task approved')).toBeVisible();
  await expect(approval).toHaveCount(0);
  await expect(page.locator('[data-status="awaiting-approval"]')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();

  // Nothing waits any more, so the overview says nothing about it.
  await openDashboard(page, name);
  await expect(page.getByRole('heading', { name: 'Active Tasks' })).toBeVisible();
  await expect(page.getByText(/wait(s)? for your approval/)).toHaveCount(0);
});
