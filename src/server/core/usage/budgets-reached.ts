import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { calendarMonthOf } from '../billing/usage-period';

type Executor = Pick<Database, 'execute'>;

export interface BudgetedTask {
  id: string;
  /** The workspace whose budget covers the task's runs (ADR 0141). */
  workspaceId: string;
}

export interface BudgetsReached {
  /** Workspaces whose own budget this month's runs have reached. */
  workspaces: Set<string>;
  /** Tasks whose budget their runs this month have reached. */
  tasks: Set<string>;
}

/** The `scope` of a workspace's own budget in `budget_notices`; a task's budget is its id. */
export const workspaceBudgetScope = 'workspace';

/**
 * Which of these tasks' budgets, and of their workspaces' budgets, this month's usage has reached (ADRs 0051, 0141).
 * Two statements whatever the number of tasks; only budgets that exist are summed, through the runs' (workspace_id,
 * started_at) and (task_id, started_at) indexes.
 */
export async function budgetsReached(db: Executor, { tasks, now }: { tasks: BudgetedTask[]; now: Date }): Promise<BudgetsReached> {
  const reached: BudgetsReached = { workspaces: new Set(), tasks: new Set() };
  if (tasks.length === 0) return reached;
  const month = calendarMonthOf(now);
  const start = month.start.toISOString();
  const end = month.end.toISOString();
  const workspaceIds = [...new Set(tasks.map((task) => task.workspaceId))];
  const workspaces = await db.execute<{ id: string }>(sql`
    select w.id
    from workspaces w
    ${usedBetween(sql`r.workspace_id = w.id`, start, end)}
    where w.id = any(${sql.param(workspaceIds)}::uuid[]) and w.budget_unit is not null
      and (case w.budget_unit when 'tokens' then used.tokens else used.cost_usd end) >= w.budget_amount`);
  for (const row of workspaces.rows) reached.workspaces.add(row.id);
  const budgeted = await db.execute<{ id: string }>(sql`
    select t.id
    from tasks t
    ${usedBetween(sql`r.task_id = t.id`, start, end)}
    where t.id = any(${sql.param(tasks.map((task) => task.id))}::uuid[]) and t.budget_unit is not null
      and (case t.budget_unit when 'tokens' then used.tokens else used.cost_usd end) >= t.budget_amount`);
  for (const row of budgeted.rows) reached.tasks.add(row.id);
  return reached;
}

/** Joins `used`: the tokens and cost of the runs `runsOf` picks (a condition on `task_runs r`) started in [start, end). */
function usedBetween(runsOf: SQL, start: string, end: string): SQL {
  return sql`cross join lateral (
      select coalesce(sum(coalesce(r.input_tokens, 0) + coalesce(r.output_tokens, 0)), 0) as tokens, coalesce(sum(r.cost_usd), 0) as cost_usd
      from task_runs r
      where ${runsOf} and r.started_at >= ${start}::timestamptz and r.started_at < ${end}::timestamptz) used`;
}

/** Whether this task may not run: its own budget or its workspace's is reached. */
export function isOverBudget(reached: BudgetsReached, task: BudgetedTask): boolean {
  return reached.workspaces.has(task.workspaceId) || reached.tasks.has(task.id);
}

/**
 * Records, once per budget and month, that it is to be told; returns the budgets newly recorded (the caller queues
 * their e-mails in the same transaction). `scope` is `workspace` or a task id.
 */
export async function recordBudgetNotices(
  db: Executor,
  { reached, tasks, now }: { reached: BudgetsReached; tasks: BudgetedTask[]; now: Date },
): Promise<{ workspaceId: string; scope: string }[]> {
  const wanted = new Map<string, { workspaceId: string; scope: string }>();
  for (const task of tasks) {
    if (reached.workspaces.has(task.workspaceId))
      wanted.set(`${task.workspaceId}:${workspaceBudgetScope}`, { workspaceId: task.workspaceId, scope: workspaceBudgetScope });
    if (reached.tasks.has(task.id)) wanted.set(`${task.workspaceId}:${task.id}`, { workspaceId: task.workspaceId, scope: task.id });
  }
  if (wanted.size === 0) return [];
  const rows = [...wanted.values()];
  const month = calendarMonthOf(now).start.toISOString().slice(0, 10);
  const inserted = await db.execute<{ workspace_id: string; scope: string }>(sql`
    insert into budget_notices (workspace_id, scope, month)
    select workspace_id, scope, ${month}::date from unnest(${sql.param(rows.map((row) => row.workspaceId))}::uuid[], ${sql.param(rows.map((row) => row.scope))}::text[]) as n(workspace_id, scope)
    on conflict do nothing returning workspace_id, scope`);
  return inserted.rows.map((row) => ({ workspaceId: row.workspace_id, scope: row.scope }));
}
