import { Pencil, Plus } from 'lucide-react';
import { useState } from 'react';
import type { AdminPlan } from '#shared/admin/admin-plan.schema';
import { PageIntro } from '#web/components/layout/page-intro';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { ColumnHeads } from '#web/components/ui/column-heads';
import { LoadError } from '#web/components/ui/load-error';
import {
  MessageRow,
  StackedCell,
  stackedBodyClassName,
  stackedRowClassName,
  stackedTableFrameClassName,
} from '#web/components/ui/responsive-table';
import { useAdminPlans } from '#web/lib/admin-plans';
import { errorMessage } from '#web/lib/form-errors';
import { describeLimit, formatPlanPrice } from '#web/lib/plan-text';
import { PlanFormDialog } from './plan-form-dialog';
import { formatCount } from '#web/lib/numbers';

const columns = ['Name', 'Price', 'Limits', 'Subscribers', 'Status', 'Actions'] as const;

/** /admin/plans: every plan with its limits and subscribers; Create Plan and Edit open the plan form. */
export function PlanList() {
  const plans = useAdminPlans();
  const [editing, setEditing] = useState<AdminPlan | 'new' | null>(null);

  return (
    <div className="flex flex-col gap-6">
      <PageIntro
        title="Plans"
        description="Plans, prices and limits offered to users"
        action={
          <Button onClick={() => setEditing('new')}>
            <Plus aria-hidden="true" className="size-4" />
            Create Plan
          </Button>
        }
      />
      {plans.error && !plans.data ? (
        <LoadError
          title="Error loading plans"
          message={errorMessage(plans.error, 'Failed to load plans. Please try again.')}
          onRetry={() => void plans.refetch()}
          retrying={plans.isFetching}
        />
      ) : (
        <div aria-busy={plans.isPending || undefined} className={stackedTableFrameClassName}>
          <table className="w-full text-left text-sm max-lg:block">
            <caption className="sr-only">Plans</caption>
            <ColumnHeads columns={columns} stackBelow="lg" />
            <tbody className={stackedBodyClassName}>
              {plans.isPending ? <MessageRow columns={columns.length}>Loading plans...</MessageRow> : null}
              {plans.data?.length === 0 ? <MessageRow columns={columns.length}>No plans yet</MessageRow> : null}
              {plans.data?.map((plan) => (
                <tr key={plan.id} className={stackedRowClassName}>
                  <StackedCell className="max-lg:border-b max-lg:border-slate-100 max-lg:pb-2">
                    <span className="flex flex-col">
                      <span className="font-medium text-slate-900">{plan.name}</span>
                      {plan.description ? <span className="text-xs text-slate-500">{plan.description}</span> : null}
                    </span>
                  </StackedCell>
                  <StackedCell label="Price">
                    <span className="text-slate-700">{formatPlanPrice(plan)}</span>
                  </StackedCell>
                  <StackedCell label="Limits">
                    <ul className="text-slate-700 max-lg:text-right">
                      {plan.limits.length === 0 ? (
                        <li>No limits</li>
                      ) : (
                        plan.limits.map((limit) => <li key={limit.featureName}>{describeLimit(limit)}</li>)
                      )}
                    </ul>
                  </StackedCell>
                  <StackedCell label="Subscribers">
                    <span className="text-slate-700 tabular-nums">{formatCount(plan.subscribers)}</span>
                  </StackedCell>
                  <StackedCell label="Status">
                    {plan.isActive ? <Badge tone="emerald">For sale</Badge> : <Badge tone="slate">Not for sale</Badge>}
                  </StackedCell>
                  <StackedCell label="Actions" className="lg:w-px lg:text-right">
                    <Button variant="secondary" size="sm" onClick={() => setEditing(plan)} aria-label={`Edit ${plan.name}`}>
                      <Pencil aria-hidden="true" className="size-4" />
                      Edit
                    </Button>
                  </StackedCell>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {editing ? (
        <PlanFormDialog
          key={editing === 'new' ? 'new' : editing.id}
          plan={editing === 'new' ? undefined : editing}
          onOpenChange={(open) => !open && setEditing(null)}
        />
      ) : null}
    </div>
  );
}
