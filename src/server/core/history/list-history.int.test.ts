import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#test/database';
import { seedTask, seedUser } from '#test/seed';
import { listHistory } from './list-history';

let database: TestDatabase;
/** One connection, so the statements the history prepares are the ones this test inspects. */
let pool: pg.Pool;

beforeAll(async () => {
  database = await createTestDatabase();
  pool = new pg.Pool({ connectionString: database.url, max: 1 });
});

afterAll(async () => {
  await pool?.end();
  await database?.drop();
});

/** `count` runs of a new user's task, one a minute back from now, each result naming `word`. */
async function userWithRuns(name: string, count: number, word: string) {
  const user = await seedUser(database.db, { name, email: `${name.toLowerCase()}@example.com` });
  const task = await seedTask(database.db, user.id, { name: `${name} digest` });
  await database.db.execute(sql`
    insert into task_runs (task_id, user_id, status, trigger, provider, model, started_at, result)
    select ${task.id}, ${user.id}, 'completed', 'schedule', 'openai', 'gpt-4.1-mini', now() - n * interval '1 minute', 'Report ' || n || ': ' || ${word}
    from generate_series(1, ${count}) n`);
  return user;
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

const planNodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(planNodes)];

describe('a search that many runs match', () => {
  it('walks the asker’s own runs newest first with one plan for every user and word', async () => {
    // A large user and a small one, each with more matches than a search fetches whole (2,000).
    const large = await userWithRuns('Large', 12_000, 'harbour');
    const small = await userWithRuns('Small', 2_100, 'harbour');
    await pool.query('analyze task_runs, tasks');

    // PostgreSQL plans a named statement for its values five times before it may keep one plan.
    for (let request = 0; request < 6; request += 1) {
      const page = await listHistory({ pool, userId: large.id, filter: { q: request % 2 ? 'harbour' : 'harb' } });
      expect(page.total).toBe(12_000);
    }
    const page = await listHistory({ pool, userId: small.id, filter: { q: 'harbour' } });
    expect(page.total).toBe(2_100);
    expect(page.items).toHaveLength(20);
    expect(page.items.every((run) => run.taskName === 'Small digest')).toBe(true);
    expect(page.items.map((run) => run.startedAt)).toEqual(page.items.map((run) => run.startedAt).sort().reverse());
    // The same statement serves any page size, the same newest runs first.
    const short = await listHistory({ pool, userId: small.id, filter: { q: 'harbour' }, limit: 3 });
    expect(short.items.map((run) => run.id)).toEqual(page.items.slice(0, 3).map((run) => run.id));
    expect(short.nextCursor).not.toBeNull();

    const { rows: statements } = await pool.query<{ name: string; generic_plans: string }>(
      `select name, generic_plans from pg_prepared_statements where statement like '%) is true%'`,
    );
    expect(statements).toHaveLength(1);
    const [walk] = statements;
    expect(Number(walk?.generic_plans)).toBeGreaterThan(0);

    // The kept plan, for the small user: their own runs through the user's index, already in order.
    // EXECUTE takes no bind parameters: the values as literals (the test's own, quotes doubled).
    const literals = [small.id, '%harbour%', "'harbour':*", '21'].map((value) => `'${value.replaceAll("'", "''")}'`).join(', ');
    const { rows } = await pool.query<{ 'QUERY PLAN': unknown }>(`explain (format json) execute ${walk?.name}(${literals})`);
    const nodes = planNodes((rows[0]?.['QUERY PLAN'] as [{ Plan: PlanNode }])[0].Plan);
    expect(nodes.filter((node) => node['Relation Name'] === 'task_runs')).toEqual([
      expect.objectContaining({ 'Node Type': 'Index Scan', 'Index Name': 'task_runs_user_id_started_at_id_index' }),
    ]);
    // Walked in the index's order: nothing sorts the matches.
    expect(nodes.map((node) => node['Node Type'])).not.toContain('Sort');
  });
});
