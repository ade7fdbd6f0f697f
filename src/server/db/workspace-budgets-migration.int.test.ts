import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useDatabaseBefore } from '#test/database-before-migration';
import { testLogger } from '#test/database';
import { seedTask, seedUser } from '#test/seed';
import { migrateDatabase } from '../migrate';

/**
 * Migration 0047 (ADR 0141) on a database as it was before it: each account's monthly budget moves to its personal
 * workspace, and this month's notices stay told, a task's under its task's workspace.
 */
const database = useDatabaseBefore('0047_workspace_budgets');

describe('migration 0047', () => {
  it('moves each account’s budget to its personal workspace and keeps the notices already sent', async () => {
    const connection = database();
    const { db } = connection;
    const capped = await seedUser(db, { name: 'Capped' });
    const uncapped = await seedUser(db, { name: 'Uncapped' });
    const [team] = (await db.execute<{ id: string }>(sql`insert into workspaces (name, slug) values ('Team', 'team-0047') returning id`))
      .rows;
    const teamTask = await seedTask(db, capped.id, { name: 'Team task', workspaceId: team?.id });
    await db.execute(sql`
      insert into user_settings (user_id, notify_task_completion, notify_task_errors, weekly_digest, budget_unit, budget_amount)
      values (${capped.id}, false, true, false, 'usd', 12.5), (${uncapped.id}, false, true, false, null, null)`);
    await db.execute(sql`
      insert into budget_notices (user_id, scope, month)
      values (${capped.id}, 'account', '2026-12-01'), (${capped.id}, ${teamTask.id}, '2026-12-01')`);

    await migrateDatabase({ pool: connection.pool, logger: testLogger });

    const budgets = await db.execute<{ personal_user_id: string | null; budget_unit: string | null; budget_amount: string | null }>(sql`
      select personal_user_id, budget_unit, budget_amount::text from workspaces`);
    expect(budgets.rows).toHaveLength(3);
    expect(budgets.rows).toContainEqual({ personal_user_id: capped.id, budget_unit: 'usd', budget_amount: '12.5000' });
    expect(budgets.rows).toContainEqual({ personal_user_id: uncapped.id, budget_unit: null, budget_amount: null });
    // A team starts without a budget.
    expect(budgets.rows).toContainEqual({ personal_user_id: null, budget_unit: null, budget_amount: null });
    const notices = await db.execute<{ workspace_id: string; personal_user_id: string | null; scope: string }>(sql`
      select n.workspace_id, w.personal_user_id, n.scope from budget_notices n join workspaces w on w.id = n.workspace_id order by n.scope`);
    expect(notices.rows).toContainEqual({ workspace_id: team?.id, personal_user_id: null, scope: teamTask.id });
    expect(notices.rows).toContainEqual(expect.objectContaining({ personal_user_id: capped.id, scope: 'workspace' }));
    expect(notices.rows).toHaveLength(2);
    const columns = await db.execute<{ column_name: string }>(sql`
      select column_name from information_schema.columns where table_name = 'user_settings' and column_name like 'budget%'`);
    expect(columns.rows).toEqual([]);
  });
});
