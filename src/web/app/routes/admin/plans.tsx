import { PlanList } from '#web/features/admin-plans/components/plan-list';

/** /admin/plans. */
export function AdminPlansRoute() {
  return <PlanList />;
}
