import { eq, max, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { taskRuns, tasks } from '#server/db/schema/index';
import { useTestApp } from '#test/app';
import { planNodes, type PlanNode } from '#test/query-plans';
import { seedTask } from '#test/seed';
import { taskPageQuery } from './list-tasks';

const t = useTestApp();

it('reads each listed task’s latest run through the (task, started_at) index, in the page’s one statement', async () => {
  // A run every 10 minutes for 10 days on each of 30 tasks: reading every run of the page's tasks would show.
  const owner = await t.signIn({ name: 'Busy' });
  for (let index = 0; index < 30; index += 1) await seedTask(t.db, owner.id, { name: `Task ${index}` });
  await t.db.execute(sql`
    insert into task_runs (task_id, user_id, status, trigger, scheduled_for, started_at, provider, model, delivery_status)
    select task.id, task.user_id, 'completed', 'schedule', slot, slot, 'openai', 'gpt-4.1-mini', 'delivered'
    from tasks task, generate_series(now() - interval '10 days', now() - interval '1 hour', interval '10 minutes') slot
    where task.user_id = ${owner.id}`);
  await t.db.execute(sql`analyze task_runs`);

  const query = taskPageQuery(t.db, eq(tasks.userId, owner.id), 20);
  const { rows } = await t.db.execute<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(sql`explain (format json) ${query}`);
  const nodes = planNodes(rows[0]!['QUERY PLAN'][0].Plan);

  expect(nodes.filter((node) => node['Relation Name'] === 'task_runs' && node['Node Type'] === 'Seq Scan')).toEqual([]);
  expect(nodes.flatMap((node) => node['Index Name'] ?? [])).toContain('task_runs_task_id_started_at_id_index');
  // And what it reads is each task's newest run: every task's last slot.
  const [newest] = await t.db
    .select({ at: max(taskRuns.startedAt) })
    .from(taskRuns)
    .where(eq(taskRuns.userId, owner.id));
  const page = await query;
  expect(page).toHaveLength(21);
  expect(new Set(page.map((row) => row.lastRun?.startedAt?.getTime()))).toEqual(new Set([newest?.at?.getTime()]));
});
