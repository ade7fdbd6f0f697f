import { eq } from 'drizzle-orm';
import { findUserPlan } from '../../core/billing/find-user-plan';
import { planLimitOf } from '../../core/billing/plan-limit';
import { user } from '../../db/schema';
import { runLimitReachedMail } from '../../mail/templates';
import type { EngineDeps } from '../engine-deps';

/**
 * Tells a user, once a month, that their plan's runs are used up (the claim that first skipped a run for it queued
 * this). The plan is read now: one upgraded meanwhile has room again, and the e-mail would be wrong.
 */
export async function notifyRunLimitReached(deps: EngineDeps, { userId, month }: { userId: string; month: string }): Promise<void> {
  const { db, env, mailer } = deps;
  const [recipient] = await db
    .select({ email: user.email, name: user.name, fullName: user.fullName })
    .from(user)
    .where(eq(user.id, userId));
  if (!recipient) return;
  const { plan } = await findUserPlan({ db, userId });
  const limit = planLimitOf(plan, 'monthly_runs');
  if (limit === null) return;
  const [year, monthNumber] = month.split('-').map(Number);
  const resetsOn = new Date(Date.UTC(year ?? 1970, monthNumber ?? 1, 1)).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
  await mailer.send({
    to: recipient.email,
    ...runLimitReachedMail({
      name: recipient.fullName || recipient.name || recipient.email,
      planName: plan.name,
      limit,
      resetsOn,
      url: `${env.APP_URL}/dashboard/subscription`,
    }),
  });
}
