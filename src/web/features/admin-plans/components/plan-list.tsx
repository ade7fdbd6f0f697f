import { Pencil, Plus } from 'lucide-react';
import { useRef, useState } from 'react';
import type { AdminPlan } from '#shared/admin/admin-plan.schema';
import { PageIntro } from '#web/components/layout/page-intro';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { QueryLoadError } from '#web/components/ui/load-error';
import { StackedCell, StackedTable, stackedRowClassName } from '#web/components/ui/responsive-table';
import { useAdminPlans } from '#web/lib/admin-plans';
import { describeLimit, formatPlanPrice } from '#web/lib/plan-text';
import { PlanFormDialog } from './plan-form-dialog';
import { formatCount } from '#web/lib/numbers';

const columns = ['Name', 'Price', 'Limits', 'Subscribers', 'Status', 'Actions'] as const;

/** /admin/plans: every plan with its limits and subscribers; Create Plan and Edit open the plan form. */
export function PlanList() {
  const plans = useAdminPlans();
  const [editing, setEditing] = useState<AdminPlan | 'new' | null>(null);
  // The form opens from state, so it says where focus goes back: the button that opened it (Create Plan, or the
  // row's Edit), or the page's heading if that button is gone.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const open = (plan: AdminPlan | 'new', button: HTMLElement) => {
    opener.current = button;
    setEditing(plan);
  };

  return (
    <div className="flex flex-col gap-6">
      <PageIntro
        headingRef={headingRef}
        title="Plans"
        description="Plans, prices and limits offered to users"
        action={
          <Button onClick={(event) => open('new', event.currentTarget)}>
            <Plus aria-hidden="true" className="size-4" />
            Create Plan
          </Button>
        }
      />
      {plans.error && !plans.data ? (
        <QueryLoadError title="Error loading plans" query={plans} fallback="Failed to load plans. Please try again." />
      ) : (
        <StackedTable
          caption="Plans"
          columns={columns}
          busy={plans.isPending}
          message={plans.isPending ? 'Loading plans...' : plans.data?.length === 0 ? 'No plans yet' : null}
        >
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
                <Button variant="secondary" size="sm" onClick={(event) => open(plan, event.currentTarget)} aria-label={`Edit ${plan.name}`}>
                  <Pencil aria-hidden="true" className="size-4" />
                  Edit
                </Button>
              </StackedCell>
            </tr>
          ))}
        </StackedTable>
      )}
      {editing ? (
        <PlanFormDialog
          key={editing === 'new' ? 'new' : editing.id}
          plan={editing === 'new' ? undefined : editing}
          onOpenChange={(next) => !next && setEditing(null)}
          returnFocusTo={() => (opener.current?.isConnected ? opener.current : headingRef.current)}
        />
      ) : null}
    </div>
  );
}
