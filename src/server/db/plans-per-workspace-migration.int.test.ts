import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useDatabaseBefore } from '#test/database-before-migration';
import { testLogger } from '#test/database';
import { seedUser } from '#test/seed';
import { migrateDatabase } from '../migrate';
import { freePlanId, unlimitedPlanId } from './schema';

/**
 * Migration 0045 (ADR 0140) on a database as it was before it: each account's subscription and monthly count move to
 * its personal workspace unchanged, so no one's plan, limits or count change.
 */
const database = useDatabaseBefore('0045_plans_per_workspace');

describe('migration 0045', () => {
  it('moves every subscription and usage count to its account’s personal workspace', async () => {
    const connection = database();
    const { db } = connection;
    const payer = await seedUser(db, { name: 'Payer' });
    const given = await seedUser(db, { name: 'Given' });
    const free = await seedUser(db, { name: 'Free' });
    await db.execute(sql`
      insert into subscriptions (user_id, plan_id, status, stripe_customer_id, stripe_subscription_id)
      values (${payer.id}, '00000000-0000-4000-8000-000000000002', 'past_due', 'cus_payer', 'sub_payer'),
             (${given.id}, ${unlimitedPlanId}, 'active', null, null)`);
    await db.execute(sql`
      insert into usage_tracking (user_id, feature_name, period_start, period_end, usage_count)
      values (${payer.id}, 'monthly_runs', '2026-12-01T00:00:00Z', '2027-01-01T00:00:00Z', 42),
             (${free.id}, 'monthly_runs', '2026-12-01T00:00:00Z', '2027-01-01T00:00:00Z', 7)`);

    await migrateDatabase({ pool: connection.pool, logger: testLogger });

    const subscriptions = await db.execute<{ owner: string; plan_id: string; status: string; stripe_subscription_id: string | null }>(sql`
      select w.personal_user_id as owner, s.plan_id, s.status, s.stripe_subscription_id
      from subscriptions s join workspaces w on w.id = s.workspace_id order by s.stripe_subscription_id nulls last`);
    expect(subscriptions.rows).toEqual([
      { owner: payer.id, plan_id: '00000000-0000-4000-8000-000000000002', status: 'past_due', stripe_subscription_id: 'sub_payer' },
      { owner: given.id, plan_id: unlimitedPlanId, status: 'active', stripe_subscription_id: null },
    ]);
    const usage = await db.execute<{ owner: string; usage_count: number }>(sql`
      select w.personal_user_id as owner, u.usage_count
      from usage_tracking u join workspaces w on w.id = u.workspace_id order by u.usage_count desc`);
    expect(usage.rows).toEqual([
      { owner: payer.id, usage_count: 42 },
      { owner: free.id, usage_count: 7 },
    ]);
    // A workspace has one subscription at most, and the administrators' lists still hear of plan changes.
    await expect(
      db.execute(sql`insert into subscriptions (workspace_id, plan_id, status)
        select workspace_id, ${freePlanId}, 'active' from subscriptions limit 1`),
    ).rejects.toThrow();
    const triggers = await db.execute<{ tgname: string }>(
      sql`select tgname from pg_trigger where tgname = 'subscriptions_notify_admin_lists'`,
    );
    expect(triggers.rows).toHaveLength(1);
  });
});
