import { sql } from 'drizzle-orm';
import { connectDatabase, type Database } from '#server/db/client';
import { startEmbeddedPostgres } from '#server/db/embedded-postgres';

/**
 * `BENCH_STATEMENTS=1`: where PostgreSQL's time goes, statement by statement (`pg_stat_statements`). The extension must
 * be loaded when the server starts, so the embedded cluster is started once, told to preload it, and started again.
 * It costs a little on every statement: compare runs/s only between runs made the same way.
 */
export const statementProfile = process.env.BENCH_STATEMENTS === '1';

export async function startProfiledPostgres(options: Parameters<typeof startEmbeddedPostgres>[0]) {
  const first = await startEmbeddedPostgres(options);
  const { pool, db } = connectDatabase({ url: first.url, logger: options.logger, max: 1 });
  await db.execute(sql`alter system set shared_preload_libraries = 'pg_stat_statements'`);
  await db.execute(sql`alter system set pg_stat_statements.track_planning = on`);
  await pool.end();
  await first.stop();
  return startEmbeddedPostgres(options);
}

export async function resetStatementProfile(db: Database): Promise<void> {
  await db.execute(sql`create extension if not exists pg_stat_statements`);
  await db.execute(sql`select pg_stat_statements_reset()`);
}

/** The statements that took most of PostgreSQL's time, per run completed: calls, planning and execution. */
export async function printStatementProfile(db: Database, runs: number): Promise<void> {
  const { rows } = await db.execute<{ calls: number; plan_ms: number; exec_ms: number; rows: number; query: string }>(sql`
    select calls::int, total_plan_time as plan_ms, total_exec_time as exec_ms, rows::int, query
    from pg_stat_statements
    where query not like '%pg_stat_statements%'
    order by total_plan_time + total_exec_time desc
    limit 25`);
  const perRun = (value: number) => (value / runs).toFixed(3);
  const total = rows.reduce((sum, row) => sum + row.plan_ms + row.exec_ms, 0);
  console.log(`\nPostgreSQL's time by statement (top 25: ${perRun(total)} ms per run), per run: calls, plan ms, exec ms`);
  for (const row of rows) {
    const text = row.query.replace(/\s+/g, ' ').slice(0, 160);
    console.log(`${perRun(row.calls).padStart(7)} ${perRun(row.plan_ms).padStart(7)} ${perRun(row.exec_ms).padStart(7)}  ${text}`);
  }
}
