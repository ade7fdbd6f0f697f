import { findUserPlan } from '../../core/billing/find-user-plan';
import { planLimitOf } from '../../core/billing/plan-limit';
import { runLimitReachedMail } from '../../mail/templates';
import type { EngineDeps } from '../engine-deps';
import { findMailRecipient } from './mail-recipient';
import { nextMonthStartLabel } from './next-month-start';

/**
 * Tells a user, once a month, that their plan's runs are used up (the claim that first skipped a run for it queued
 * this). The plan is read now: one upgraded meanwhile has room again, and the e-mail would be wrong.
 */
export async function notifyRunLimitReached(deps: EngineDeps, { userId, month }: { userId: string; month: string }): Promise<void> {
  const { db, env, mailer } = deps;
  const recipient = await findMailRecipient(db, userId);
  if (!recipient) return;
  const { plan } = await findUserPlan({ db, userId });
  const limit = planLimitOf(plan, 'monthly_runs');
  if (limit === null) return;
  await mailer.send({
    to: recipient.email,
    ...runLimitReachedMail({
      name: recipient.name,
      planName: plan.name,
      limit,
      resetsOn: nextMonthStartLabel(month),
      url: `${env.APP_URL}/dashboard/subscription`,
    }),
  });
}
