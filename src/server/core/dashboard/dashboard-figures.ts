import { getTableColumns } from 'drizzle-orm';
import type pg from 'pg';
import { freePlanId, tasks } from '../../db/schema';
import { grantingStatuses } from '../billing/find-workspace-plan';
import { namedStatements } from '../plain-sql';
import { runColumns, type RunRow } from '../runs/to-run';
import { knownZone } from '../settings/user-time-zone';
import type { AccountNames } from '../tasks/task-people';
import type { TaskRow } from '../tasks/to-task';
import { rowsFromJson, selectListOf } from './json-rows';

/** What the overview shows besides the counts over the user's runs, which are kept between requests. */
export interface DashboardFigures {
  activeTaskCount: number;
  /** The plan's count (usage_tracking), as its limit keeps it. */
  runsThisMonth: number;
  /** Null: unlimited. */
  monthlyRunLimit: number | null;
  /** The zone the activity chart's days are counted in (`userTimeZone`). */
  timeZone: string;
  /** Up to 5, the next to fire first. */
  nextTasks: TaskRow[];
  /** The 5 latest, with their task's name. */
  recentRuns: { run: RunRow; taskName: string }[];
  /** How many tasks an API key made wait for the owner's Approve (ADR 0125), and up to 5 of them, oldest first. */
  awaitingApprovalCount: number;
  awaitingApproval: TaskRow[];
  /** Who created and last changed the listed tasks (`accountNamesOf`). */
  people: AccountNames;
}

const taskColumns = getTableColumns(tasks);

/**
 * One statement for what used to take eight (docs/decisions/0074): the plan's run limit as `findWorkspacePlan` and
 * `planLimitOf` find it, the month's count as `monthlyRunsUsed` reads it, the zone as `userTimeZone` picks it, the
 * active tasks with who made and changed them, and the latest runs. The two lists come back as JSON, one value each. Parameters: $1 the user, $2 the
 * month's start, $3 the Free plan, $4 the statuses under which a subscription's plan applies, $5 the workspace. The
 * zone is the user's; the plan and the month's count (ADR 0140), the tasks and the runs are the workspace's.
 */
const text = `
  with plan as (
    select coalesce((select s.plan_id from subscriptions s where s.workspace_id = $5 and s.status = any($4::text[])), $3::uuid) as id
  ),
  waiting as (select * from tasks where workspace_id = $5 and awaiting_approval order by created_at asc, id asc limit 5),
  next as (select * from tasks where workspace_id = $5 and status = 'active' order by next_fire_at asc nulls last, id asc limit 5)
  select
    (select count(*)::int from tasks where workspace_id = $5 and status = 'active') as active_task_count,
    (select count(*)::int from tasks where workspace_id = $5 and awaiting_approval) as awaiting_approval_count,
    (select coalesce(json_agg(w order by w.created_at asc, w.id asc), '[]')
     from waiting w) as awaiting_approval,
    coalesce((select usage_count from usage_tracking
              where workspace_id = $5 and feature_name = 'monthly_runs' and period_start = $2::timestamptz), 0) as runs_this_month,
    (select p.id from subscription_plans p, plan where p.id = plan.id) as plan_id,
    (select plan.id from plan) as wanted_plan_id,
    (select l.limit_value from plan_limits l, plan where l.plan_id = plan.id and l.feature_name = 'monthly_runs') as monthly_run_limit,
    coalesce((select timezone from user_settings where user_id = $1),
             (select timezone from tasks where user_id = $1 order by created_at desc limit 1)) as zone,
    (select coalesce(json_agg(a order by a.next_fire_at asc nulls last, a.id asc), '[]')
     from next a) as next_tasks,
    (select coalesce(json_object_agg(u.id, coalesce(nullif(trim(u.full_name), ''), u.name)), '{}')
     from "user" u
     where u.id in (select user_id from next union select updated_by from next
                    union select user_id from waiting union select updated_by from waiting)) as people,
    (select coalesce(json_agg(r order by r.started_at desc, r.id desc), '[]')
     from (select ${selectListOf(runColumns, 'r')}, t.name as task_name
           from task_runs r join tasks t on t.id = r.task_id
           where r.workspace_id = $5 order by r.started_at desc, r.id desc limit 5) r) as recent_runs`;

interface FiguresRow {
  active_task_count: number;
  awaiting_approval_count: number;
  awaiting_approval: Record<string, unknown>[];
  runs_this_month: number;
  plan_id: string | null;
  wanted_plan_id: string;
  monthly_run_limit: number | null;
  zone: string | null;
  next_tasks: Record<string, unknown>[];
  people: Record<string, string>;
  recent_runs: Record<string, unknown>[];
}

const prepared = namedStatements('dashboard');

/** `db` is the pool (or any pg client): a named statement, parsed and planned once per connection. */
export async function dashboardFigures(
  db: Pick<pg.Pool, 'query'>,
  { userId, workspaceId }: { userId: string; workspaceId: string },
  monthStart: Date,
): Promise<DashboardFigures> {
  const values = [userId, monthStart.toISOString(), freePlanId, [...grantingStatuses], workspaceId];
  const { rows } = await db.query<FiguresRow>(prepared(text, values));
  const [row] = rows;
  if (!row) throw new Error('the dashboard statement returned no row');
  // The Free plan is seeded by a migration; without it the install is broken, not the request.
  if (row.plan_id === null) throw new Error(`plan ${row.wanted_plan_id} is missing`);
  const runs = rowsFromJson<RunRow>(runColumns, row.recent_runs);
  return {
    activeTaskCount: row.active_task_count,
    runsThisMonth: row.runs_this_month,
    monthlyRunLimit: row.monthly_run_limit,
    timeZone: knownZone(row.zone),
    nextTasks: rowsFromJson<TaskRow>(taskColumns, row.next_tasks),
    recentRuns: runs.map((run, index) => ({ run, taskName: String(row.recent_runs[index]?.task_name) })),
    awaitingApprovalCount: row.awaiting_approval_count,
    awaitingApproval: rowsFromJson<TaskRow>(taskColumns, row.awaiting_approval),
    people: new Map(Object.entries(row.people)),
  };
}
