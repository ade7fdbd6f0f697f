import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { calendarMonthOf } from '../billing/usage-period';

type Executor = Pick<Database, 'execute'>;

export interface BudgetedTask {
  id: string;
  userId: string;
}

export interface BudgetsReached {
  /** Users whose own budget this month's runs have reached. */
  users: Set<string>;
  /** Tasks whose budget their runs this month have reached. */
  tasks: Set<string>;
}

/**
 * Which of these tasks' budgets, and of their owners' budgets, this month's usage has reached (issue 23, ADR 0051).
 * Two statements whatever the number of tasks; only budgets that exist are summed, through the runs' (user_id,
 * started_at) and (task_id, started_at) indexes.
 */
export async function budgetsReached(db: Executor, { tasks, now }: { tasks: BudgetedTask[]; now: Date }): Promise<BudgetsReached> {
  const reached: BudgetsReached = { users: new Set(), tasks: new Set() };
  if (tasks.length === 0) return reached;
  const month = calendarMonthOf(now);
  const start = month.start.toISOString();
  const end = month.end.toISOString();
  const userIds = [...new Set(tasks.map((task) => task.userId))];
  const users = await db.execute<{ user_id: string }>(sql`
    select s.user_id
    from user_settings s
    ${usedBetween(sql`r.user_id = s.user_id`, start, end)}
    where s.user_id = any(${sql.param(userIds)}::text[]) and s.budget_unit is not null
      and (case s.budget_unit when 'tokens' then used.tokens else used.cost_usd end) >= s.budget_amount`);
  for (const row of users.rows) reached.users.add(row.user_id);
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

/** Whether this task may not run: its own budget or its owner's is reached. */
export function isOverBudget(reached: BudgetsReached, task: BudgetedTask): boolean {
  return reached.users.has(task.userId) || reached.tasks.has(task.id);
}

/**
 * Records, once per budget and month, that its owner is to be told; returns the budgets newly recorded (the caller
 * queues their e-mails in the same transaction). `scope` is `account` or a task id.
 */
export async function recordBudgetNotices(
  db: Executor,
  { reached, tasks, now }: { reached: BudgetsReached; tasks: BudgetedTask[]; now: Date },
): Promise<{ userId: string; scope: string }[]> {
  const wanted = new Map<string, { userId: string; scope: string }>();
  for (const task of tasks) {
    if (reached.users.has(task.userId)) wanted.set(`${task.userId}:account`, { userId: task.userId, scope: 'account' });
    if (reached.tasks.has(task.id)) wanted.set(`${task.userId}:${task.id}`, { userId: task.userId, scope: task.id });
  }
  if (wanted.size === 0) return [];
  const rows = [...wanted.values()];
  const month = calendarMonthOf(now).start.toISOString().slice(0, 10);
  const inserted = await db.execute<{ user_id: string; scope: string }>(sql`
    insert into budget_notices (user_id, scope, month)
    select user_id, scope, ${month}::date from unnest(${sql.param(rows.map((row) => row.userId))}::text[], ${sql.param(rows.map((row) => row.scope))}::text[]) as n(user_id, scope)
    on conflict do nothing returning user_id, scope`);
  return inserted.rows.map((row) => ({ userId: row.user_id, scope: row.scope }));
}
