import { and, count, eq } from 'drizzle-orm';
import type { Subscription } from '#shared/billing/plan.schema';
import type { Database } from '../../db/client';
import { tasks } from '../../db/schema';
import type { Env } from '../../env';
import { findWorkspacePlan } from './find-workspace-plan';
import { monthlyRunsUsed } from './monthly-runs';
import { calendarMonthOf } from './usage-period';

/** Whether a paid plan can be bought here: checkout and the billing portal need Stripe's secret key (ADR 0028). */
export function paymentsAvailable(env: Env): boolean {
  return Boolean(env.STRIPE_SECRET_KEY);
}

/**
 * The workspace's plan, its status and period, and this period's usage (`GET /api/me/subscription`, ADR 0140).
 *
 * Usage is counted per calendar month in UTC whatever the plan (issue 16). The period shown is that month too,
 * unless the subscription was bought and the payment provider gave it a period of its own (renewal or end date).
 */
export async function getSubscription({
  db,
  env,
  workspaceId,
  now = new Date(),
}: {
  db: Database;
  env: Env;
  workspaceId: string;
  now?: Date;
}): Promise<Subscription> {
  const month = calendarMonthOf(now);
  const [{ plan, subscription }, [activeTasks], runsUsed] = await Promise.all([
    findWorkspacePlan({ db, workspaceId }),
    db
      .select({ total: count() })
      .from(tasks)
      .where(and(eq(tasks.workspaceId, workspaceId), eq(tasks.status, 'active'))),
    monthlyRunsUsed({ db, workspaceId, now }),
  ]);
  const periodStart = subscription?.currentPeriodStart ?? month.start;
  const periodEnd = subscription?.currentPeriodEnd ?? month.end;
  return {
    plan,
    status: subscription?.status ?? 'active',
    currentPeriodStart: periodStart.toISOString(),
    currentPeriodEnd: periodEnd.toISOString(),
    cancelAtPeriodEnd: subscription?.cancelAtPeriodEnd ?? false,
    paid: Boolean(subscription?.stripeSubscriptionId),
    usage: [
      { featureName: 'active_tasks', usageCount: activeTasks?.total ?? 0 },
      { featureName: 'monthly_runs', usageCount: runsUsed },
    ],
    paymentsConfigured: paymentsAvailable(env),
  };
}
