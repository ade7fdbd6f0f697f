import { Info } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '#web/config/paths';
import { useSubscription } from '../api/get-subscription';

/**
 * Said before the new-task form, not after it (issue 37): a user with as many active tasks as their plan allows would
 * otherwise fill in the whole form only to be refused. An upgrade is offered only where a plan can be bought.
 */
export function ActiveTaskLimitNotice() {
  const { data: subscription } = useSubscription();
  if (!subscription) return null;
  const limit = subscription.plan.limits.find((entry) => entry.featureName === 'active_tasks')?.limitValue ?? null;
  const active = subscription.usage.find((entry) => entry.featureName === 'active_tasks')?.usageCount ?? 0;
  if (limit === null || active < limit) return null;
  const tasks = `${active.toLocaleString('en-US')} active ${active === 1 ? 'task' : 'tasks'}`;
  return (
    <p role="status" className="flex items-start gap-2 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900">
      <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>
        You have {tasks}, as many as your {subscription.plan.name} plan allows: a new task can only be saved once you pause or delete one.{' '}
        {subscription.paymentsConfigured ? (
          <Link to={paths.dashboardSubscription} className="font-medium text-amber-950 underline underline-offset-2">
            Upgrade your plan
          </Link>
        ) : null}
      </span>
    </p>
  );
}
