import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '#web/components/ui/badge';
import { Card, CardFooter } from '#web/components/ui/card';
import type { Plan } from '../api/get-plans';
import { describeLimit, formatPlanPrice } from '#web/lib/plan-text';

type PlanCardProps = {
  plan: Plan;
  current: boolean;
  /** This period's use per feature; only the current plan's limits show it. */
  usage?: ReadonlyMap<string, number>;
  /** The current plan's "Renews on ..." / "Cancels on ..." / "Usage resets on ...". */
  periodText?: string;
  action?: ReactNode;
};

/** One plan: name, description, price per billing cycle, its limits in words, and what the user can do with it. */
export function PlanCard({ plan, current, usage, periodText, action }: PlanCardProps) {
  const titleId = `plan-${plan.id}-title`;
  const price = formatPlanPrice(plan);
  const [amount, cycle] = price.split(' / ');

  return (
    <Card
      aria-labelledby={titleId}
      data-current-plan={current || undefined}
      className={current ? 'flex flex-col ring-2 ring-indigo-600' : 'flex flex-col'}
    >
      <div className="flex flex-1 flex-col gap-4 px-5 py-5 sm:px-6">
        <div className="flex items-start justify-between gap-3">
          <h3 id={titleId} className="text-lg font-semibold text-slate-900">
            {plan.name}
          </h3>
          {current ? <Badge>Current Plan</Badge> : null}
        </div>
        {plan.description ? <p className="text-sm text-slate-600">{plan.description}</p> : null}
        <p className="text-slate-600" data-plan-price>
          <span className="text-3xl font-bold tracking-tight text-slate-900">{amount}</span>
          {cycle ? <span className="text-sm"> / {cycle}</span> : null}
        </p>
        <ul aria-label={`${plan.name} limits`} className="flex flex-col gap-2 text-sm text-slate-700">
          {plan.limits.length === 0 ? (
            <li className="flex items-start gap-2">
              <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600" />
              No limits
            </li>
          ) : (
            plan.limits.map((limit) => (
              <li key={limit.featureName} className="flex items-start gap-2">
                <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600" />
                {describeLimit(limit, usage?.get(limit.featureName))}
              </li>
            ))
          )}
        </ul>
        {periodText ? <p className="mt-auto text-sm font-medium text-slate-700">{periodText}</p> : null}
      </div>
      {action ? <CardFooter className="justify-stretch [&>*]:w-full">{action}</CardFooter> : null}
    </Card>
  );
}
