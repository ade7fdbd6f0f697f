import { findWorkspacePlan } from '../../core/billing/find-workspace-plan';
import { planLimitOf } from '../../core/billing/plan-limit';
import { runLimitReachedMail } from '../../mail/templates';
import type { EngineDeps } from '../engine-deps';
import { findPlanRecipients } from './mail-recipient';
import { nextMonthStartLabel } from './next-month-start';

/**
 * Tells a workspace's owners, once a month, that its plan's runs are used up (the claim that first skipped a run for
 * it queued this). The plan is read now: one upgraded meanwhile has room again, and the e-mail would be wrong.
 */
export async function notifyRunLimitReached(
  deps: EngineDeps,
  { workspaceId, userId, month }: { workspaceId?: string | undefined; userId?: string | undefined; month: string },
): Promise<void> {
  const { db, env, mailer } = deps;
  const billed = await findPlanRecipients(db, { workspaceId, userId });
  if (!billed) return;
  const { plan } = await findWorkspacePlan({ db, workspaceId: billed.workspaceId });
  const limit = planLimitOf(plan, 'monthly_runs');
  if (limit === null) return;
  for (const recipient of billed.recipients)
    await mailer.send({
      to: recipient.email,
      ...runLimitReachedMail({
        name: recipient.name,
        planName: plan.name,
        limit,
        resetsOn: nextMonthStartLabel(month),
        url: `${env.APP_URL}/dashboard/subscription`,
        team: billed.team,
      }),
    });
}
