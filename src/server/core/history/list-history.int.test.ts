import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '#test/app';
import { testLogger } from '#test/database';
import { seedTask, seedUser } from '#test/seed';
import { connectDatabase } from '../../db/client';
import { historyWhere } from './history-filter';
import { listHistory } from './list-history';
import { planNodes, type PlanNode } from '#test/query-plans';

const t = useTestApp();
/** One connection, so the statements the history prepares are the ones this test inspects. */
let pool: pg.Pool;

beforeAll(async () => {
  // The product's own pool, whose connections expect to be cut once it ends: the database is dropped right after, and
  // a raw pool's connection still closing then threw an uncaught "terminating connection" (CI, PostgreSQL 15).
  pool = connectDatabase({ url: t.database.url, logger: testLogger, max: 1 }).pool;
});

afterAll(async () => {
  await pool?.end();
});

/** `count` runs of a new user's task, one a minute back from now, each result naming `word`. */
async function userWithRuns(name: string, count: number, word: string) {
  const user = await seedUser(t.db, { name, email: `${name.toLowerCase()}@example.com` });
  const task = await seedTask(t.db, user.id, { name: `${name} digest` });
  await t.db.execute(sql`
    insert into task_runs (task_id, user_id, status, trigger, provider, model, started_at, result)
    select ${task.id}, ${user.id}, 'completed', 'schedule', 'openai', 'gpt-4.1-mini', now() - n * interval '1 minute', 'Report ' || n || ': ' || ${word}
    from generate_series(1, ${count}) n`);
  return { id: user.id, workspaceId: task.workspaceId };
}

/** The walks kept on the one connection, and how often each ran on its kept plan. */
async function keptWalks() {
  const { rows } = await pool.query<{ name: string; statement: string; generic_plans: string }>(
    `select name, statement, generic_plans from pg_prepared_statements where statement like '%) is true%'`,
  );
  return rows.map((row) => ({ name: row.name, statement: row.statement, genericPlans: Number(row.generic_plans) }));
}

/** The nodes of the plan PostgreSQL keeps for statement `name` with these values and a page of 20 (+1). */
async function keptPlan(name: string, values: unknown[]) {
  // EXECUTE takes no bind parameters: the values as literals (the test's own, quotes doubled).
  const literals = [...values, 21]
    .map((value) => `'${(value instanceof Date ? value.toISOString() : String(value)).replaceAll("'", "''")}'`)
    .join(', ');
  const { rows } = await pool.query<{ 'QUERY PLAN': unknown }>(`explain (format json) execute ${name}(${literals})`);
  return planNodes((rows[0]?.['QUERY PLAN'] as [{ Plan: PlanNode }])[0].Plan);
}

/** Their own runs through the workspace's index, already in order: nothing sorts the matches. */
function expectWalkOfUsersIndex(nodes: PlanNode[]) {
  expect(nodes.filter((node) => node['Relation Name'] === 'task_runs')).toEqual([
    expect.objectContaining({ 'Node Type': 'Index Scan', 'Index Name': 'task_runs_workspace_id_started_at_id_index' }),
  ]);
  expect(nodes.map((node) => node['Node Type'])).not.toContain('Sort');
}

describe('a search that many runs match', () => {
  let large: { workspaceId: string };
  let small: { workspaceId: string };

  beforeAll(async () => {
    // A large user and a small one, each with more matches than a search fetches whole (2,000).
    large = await userWithRuns('Large', 12_000, 'harbour');
    small = await userWithRuns('Small', 2_100, 'harbour');
    await pool.query('analyze task_runs, tasks');
  });

  it('walks the asker’s own runs newest first with one plan for every user and word', async () => {
    // PostgreSQL plans a named statement for its values five times before it may keep one plan.
    for (let request = 0; request < 6; request += 1) {
      const page = await listHistory({ pool, workspaceId: large.workspaceId, filter: { q: request % 2 ? 'harbour' : 'harb' } });
      expect(page.total).toBe(12_000);
    }
    const page = await listHistory({ pool, workspaceId: small.workspaceId, filter: { q: 'harbour' } });
    expect(page.total).toBe(2_100);
    expect(page.items).toHaveLength(20);
    expect(page.items.every((run) => run.taskName === 'Small digest')).toBe(true);
    expect(page.items.map((run) => run.startedAt)).toEqual(
      page.items
        .map((run) => run.startedAt)
        .sort()
        .reverse(),
    );
    // The same statement serves any page size, the same newest runs first.
    const short = await listHistory({ pool, workspaceId: small.workspaceId, filter: { q: 'harbour' }, limit: 3 });
    expect(short.items.map((run) => run.id)).toEqual(page.items.slice(0, 3).map((run) => run.id));
    expect(short.nextCursor).not.toBeNull();

    const [walk, ...others] = await keptWalks();
    expect(others).toEqual([]);
    expect(walk?.genericPlans).toBeGreaterThan(0);
    expectWalkOfUsersIndex(
      await keptPlan(walk?.name ?? '', historyWhere({ workspaceId: small.workspaceId, filter: { q: 'harbour' }, now: new Date() }).values),
    );
  });

  it('finds the words of a search in task names through the indexes, never by reading every run', async () => {
    // A few runs among the others' thousands: each half of the search starts from an index (task, words).
    const slack = await userWithRuns('Slack', 50, 'lighthouse');
    await pool.query('analyze task_runs, tasks');
    const expectations: [string, number][] = [
      ['slack or discord', 50],
      ['"slack digest"', 50],
      ['digest lighthouse', 50],
      ['slack -lighthouse', 0],
      ['lighthouse -slack', 0],
      ['lighthouse or nothing', 50],
    ];
    for (const [q, total] of expectations) {
      expect((await listHistory({ pool, workspaceId: slack.workspaceId, filter: { q } })).total, q).toBe(total);
      const { parts = [], values } = historyWhere({ workspaceId: slack.workspaceId, filter: { q }, now: new Date() });
      const { rows } = await pool.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
        `explain (format json) select count(*) from (${parts.map((part) => `select r.id ${part}`).join(' union ')}) m`,
        values,
      );
      const runScans = planNodes(rows[0]!['QUERY PLAN'][0].Plan).filter((node) => node['Relation Name'] === 'task_runs');
      expect(runScans.length, q).toBeGreaterThan(0);
      expect(
        runScans.map((node) => node['Node Type']),
        q,
      ).not.toContain('Seq Scan');
    }
  });

  it('plans a search with a time range, or after a cursor, for its instants each time', async () => {
    // Blind to the instants, PostgreSQL would take the range for a sliver and keep a walk of everyone's runs.
    const filter = { range: '30d', q: 'harbour' } as const;
    for (let request = 0; request < 6; request += 1) {
      const first = await listHistory({ pool, workspaceId: large.workspaceId, filter });
      const second = await listHistory({ pool, workspaceId: large.workspaceId, filter, cursor: first.nextCursor ?? undefined });
      expect(first.items.map((run) => run.taskName)).toEqual(Array(20).fill('Large digest'));
      expect(second.items.map((run) => run.taskName)).toEqual(Array(20).fill('Large digest'));
      expect((second.items[0]?.startedAt ?? '') < (first.items.at(-1)?.startedAt ?? '')).toBe(true);
    }
    const kept = (await keptWalks()).map((walk) => walk.statement);
    expect(kept).not.toContainEqual(expect.stringContaining('started_at >='));
    expect(kept).not.toContainEqual(expect.stringContaining('(r.started_at, r.id) <'));
  });
});
