import { McpServer, type CallToolResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import type { ApiKeyScope } from '#shared/api-keys/api-key.schema';
import type { Workspace } from '#shared/workspaces/workspace.schema';
import { roleAtLeast } from '#shared/workspaces/workspace-roles';
import { describeSchedule } from '#shared/tasks/describe-schedule';
import { schedulePreviewInputSchema, scheduleOfPreview, upcomingRunsOf } from '#shared/tasks/schedule-preview.schema';
import { taskInputSchema, type Task } from '#shared/tasks/task.schema';
import type { AppDeps } from '../../app-env';
import { paymentsAvailable } from '../../core/billing/get-subscription';
import { DomainError } from '../../core/errors';
import { listHistory } from '../../core/history/list-history';
import { getRun } from '../../core/runs/get-run';
import { runTaskNow } from '../../core/runs/run-task-now';
import { hitRateLimit } from '../../core/security/rate-limit';
import { createTask } from '../../core/tasks/create-task';
import { deleteTask } from '../../core/tasks/delete-task';
import { getTask } from '../../core/tasks/get-task';
import { listTasks } from '../../core/tasks/list-tasks';
import { mergeTaskPatch } from '../../core/tasks/merge-task-patch';
import { pauseTask } from '../../core/tasks/pause-task';
import { resumeTask } from '../../core/tasks/resume-task';
import { updateTask } from '../../core/tasks/update-task';
import { isDatabaseUnavailable } from '../../db/database-unavailable';
import { historyQuerySchema } from '../runs/runs.schemas';
import { taskListQuerySchema, taskPatchSchema } from '../tasks/tasks.schemas';
import { toolInput } from './tool-input';

/** Who a request to /mcp stands for: the owner of its API key, and the key (routes/mcp/mcp.routes.ts). */
export interface McpCaller {
  userId: string;
  keyId: string;
  keyName: string;
  scope: ApiKeyScope;
  /** Tasks this key creates wait for the owner's approval (ADR 0125). */
  approveAgentTasks: boolean;
  /** The key's workspace, whose tasks and runs the tools act on, with the role the key acts with (ADR 0136). */
  workspace: Workspace;
}

const readOnlyMessage = 'This API key can only read. Use a key with the write scope.';
const viewerMessage = 'You need the editor role in this workspace to do this.';
/** How many of a task's next runs its answers list. */
const nextRunsShown = 5;

const taskIdSchema = z.object({ taskId: z.string().meta({ description: 'The task’s id' }) });
const runIdSchema = z.object({ runId: z.string().meta({ description: 'The run’s id' }) });

/**
 * The MCP server of one request (ADR 0124): a tool per task and run operation, each through the same core function
 * and input contract as its REST route, for the key's owner. Built per request: nothing is kept between requests, so
 * any API process answers any call.
 */
export function promptcronMcpServer({ deps, caller }: { deps: AppDeps; caller: McpCaller }): McpServer {
  const server = new McpServer({ name: 'promptcron', title: 'Promptcron', version: deps.version });
  const { db, env } = deps;
  const userId = caller.userId;
  const workspaceId = caller.workspace.id;
  // A key acts with the lesser of its scope and its creator's role: a write key of a viewer only reads.
  const mayWrite = roleAtLeast(caller.workspace.role, 'editor');
  // ADR 0088: a read key never sees a webhook secret, nor does a viewer (as taskForCaller answers the REST API).
  const visible = <T extends Pick<Task, 'webhookSecret'>>(task: T): T => (mayWrite ? task : { ...task, webhookSecret: null });
  const described = (task: Task) => ({
    task: visible(task),
    schedule: describeSchedule(task),
    nextRuns: task.status === 'active' ? upcomingRunsOf(task, { from: new Date(), count: nextRunsShown }).items : [],
  });

  const tool = <S extends z.ZodType>(
    name: string,
    { description, input, write }: { description: string; input: S; write: boolean },
    run: (args: z.output<S>, sent: Record<string, unknown>) => Promise<Record<string, unknown>>,
  ) =>
    server.registerTool(
      name,
      {
        description,
        inputSchema: toolInput(input),
        annotations: { readOnlyHint: !write, destructiveHint: name === 'delete_task', openWorldHint: name === 'run_task_now' },
      },
      async (args) => {
        if (write && caller.scope === 'read') return toolError({ code: 'forbidden', message: readOnlyMessage });
        if (write && !mayWrite) return toolError({ code: 'forbidden', message: viewerMessage });
        // The key's limit counts each tool call as the REST API counts each request.
        const limit = env.API_KEY_RATE_LIMIT;
        const counted = await hitRateLimit({ db, key: `api-key:${caller.keyId}`, rule: { limit, windowSeconds: 60 } });
        if (!counted.allowed) {
          return toolError({
            code: 'rate_limited',
            message: `This API key may make ${limit} requests a minute. Please wait ${counted.retryAfterSeconds} s.`,
          });
        }
        const parsed = input.safeParse(args ?? {});
        if (!parsed.success) {
          const fields: Record<string, string> = {};
          for (const issue of parsed.error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
          return toolError({
            code: 'validation_failed',
            message: parsed.error.issues[0]?.message ?? 'The arguments are not valid.',
            fields,
          });
        }
        try {
          const answer = await run(parsed.data, (args ?? {}) as Record<string, unknown>);
          return { content: [{ type: 'text', text: JSON.stringify(answer, null, 2) }], structuredContent: answer };
        } catch (error) {
          if (error instanceof DomainError) return toolError({ code: error.code, message: error.message, fields: error.fields });
          if (isDatabaseUnavailable(error))
            return toolError({ code: 'database_unavailable', message: 'The database is unavailable. Please try again in a moment.' });
          deps.logger.error({ err: error, tool: name }, 'mcp tool failed');
          return toolError({ code: 'internal', message: 'Something went wrong on our side. Please try again.' });
        }
      },
    );

  tool(
    'list_tasks',
    {
      description:
        'Your scheduled tasks, newest first, each with its schedule in words. Filter by status or search text; page with cursor.',
      input: taskListQuerySchema,
      write: false,
    },
    async (query) => {
      const page = await listTasks({ db, workspaceId, ...query });
      return { ...page, items: page.items.map((task) => ({ ...visible(task), schedule: describeSchedule(task) })) };
    },
  );
  tool(
    'get_task',
    { description: 'One task with its schedule in words and its next runs.', input: taskIdSchema, write: false },
    async ({ taskId }) => described(await getTask({ db, workspaceId, taskId })),
  );
  tool(
    'create_task',
    {
      description:
        'Create a task: a prompt sent to a model on a schedule, its result delivered by e-mail, webhook, Slack or Discord. The same fields and rules as POST /api/tasks.',
      input: taskInputSchema,
      write: true,
    },
    async (input) => {
      const origin = { via: 'mcp' as const, keyName: caller.keyName, needsApproval: caller.approveAgentTasks };
      return described(await createTask({ db, env, workspaceId, userId, input, origin }));
    },
  );
  tool(
    'update_task',
    {
      description:
        'Change a task: name only the fields to change (a JSON Merge Patch, as PATCH /api/tasks/{id}); null removes an optional field.',
      input: taskPatchSchema.extend({ taskId: taskIdSchema.shape.taskId }),
      write: true,
    },
    async ({ taskId }, sent) => {
      // The fields as sent, as PATCH merges them: a prompt sent as text replaces the prompt (ADR 0113) where its parsed
      // form, `{ input }` alone, would keep the old temperature. Unknown arguments are left out.
      const patch = Object.fromEntries(Object.entries(sent).filter(([name]) => name !== 'taskId' && name in taskPatchSchema.shape));
      const input = (current: Task) => mergeTaskPatch(current, patch);
      return described(await updateTask({ db, env, workspaceId, userId, taskId, input }));
    },
  );
  tool(
    'pause_task',
    { description: 'Pause a task: it keeps its schedule but does not run until resumed.', input: taskIdSchema, write: true },
    async ({ taskId }) => described(await pauseTask({ db, workspaceId, userId, taskId })),
  );
  tool(
    'resume_task',
    { description: 'Resume a paused task (or one stopped by errors): it runs again from its next slot.', input: taskIdSchema, write: true },
    async ({ taskId }) => described(await resumeTask({ db, workspaceId, userId, taskId, upgradable: paymentsAvailable(env) })),
  );
  tool(
    'delete_task',
    { description: 'Delete a task and its run history. This cannot be undone.', input: taskIdSchema, write: true },
    async ({ taskId }) => {
      await deleteTask({ db, workspaceId, taskId, actor: { userId, role: caller.workspace.role } });
      return { deleted: true, taskId };
    },
  );
  tool(
    'run_task_now',
    {
      description: 'Run a task now, outside its schedule, and wait for the result (as POST /api/tasks/{id}/run does).',
      input: taskIdSchema,
      write: true,
    },
    async ({ taskId }) => ({
      run: await runTaskNow({ db, workspaceId, taskId, runChanges: deps.userChanges, stopping: deps.stopping.signal }),
    }),
  );
  tool(
    'list_runs',
    {
      description:
        'The history of runs, newest first: search the task name, result and error with q; pick a range (all, 24h, 7d, 30d, or date with date=YYYY-MM-DD); page with cursor.',
      input: historyQuerySchema,
      write: false,
    },
    async ({ range, date, timezone, q, cursor, limit }) =>
      listHistory({
        pool: deps.pool,
        totals: deps.runCounts,
        workspaceId,
        filter: { range, date, timezone, q },
        cursor,
        limit,
      }),
  );
  tool(
    'get_run',
    { description: 'One run: its status, result or error, tokens and delivery.', input: runIdSchema, write: false },
    async ({ runId }) => ({ run: await getRun({ db, workspaceId, runId }) }),
  );
  tool(
    'preview_schedule',
    {
      description: 'The next runs a schedule would make, with daylight-saving notes, before creating or changing a task. Nothing is saved.',
      input: schedulePreviewInputSchema,
      write: false,
    },
    async (input) => {
      const schedule = scheduleOfPreview(input);
      const from = input.from ? new Date(input.from) : new Date();
      return { schedule: describeSchedule(schedule), ...upcomingRunsOf(schedule, { from, count: input.count }) };
    },
  );
  return server;
}

function toolError(error: { code: string; message: string; fields?: Record<string, string> }): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: error.message }], structuredContent: { error } };
}
