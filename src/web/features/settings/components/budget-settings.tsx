import { useState } from 'react';
import { formatBudget, monthlyBudgetSchema } from '#shared/budgets/monthly-budget.schema';
import type { WorkspaceBudget } from '#shared/budgets/workspace-budget.schema';
import { BudgetFields, type BudgetValue } from '#web/components/budget/budget-fields';
import { TitledCard } from '#web/components/ui/card';
import { toast, toastError } from '#web/lib/toast';
import { useSetWorkspaceBudget, useWorkspaceBudget } from '../api/workspace-budget';
import { SettingsFormCard } from './settings-form-card';
import { SettingsPanelQuery } from './settings-panel-query';
import { SettingsPanelSkeleton } from './settings-panel-skeleton';

const title = 'Monthly Budget';

/** Whether the caller may change the acting workspace's budget; `pending` while their role there is not known yet. */
export type BudgetAccess = 'change' | 'read-only' | 'pending';

/**
 * Settings → Budget: an optional monthly budget over all the acting workspace's runs (ADRs 0051, 0141). Every
 * member sees it; an admin or owner changes it.
 */
export function BudgetSettings({ access }: { access: BudgetAccess }) {
  const budgetQuery = useWorkspaceBudget();
  if (access === 'pending') return <SettingsPanelSkeleton label="Loading your budget..." rows={1} />;
  return (
    <SettingsPanelQuery query={budgetQuery} subject="budget" rows={1}>
      {(stored) => (access === 'change' ? <BudgetForm stored={stored} /> : <BudgetReadOnly stored={stored} />)}
    </SettingsPanelQuery>
  );
}

function BudgetForm({ stored }: { stored: WorkspaceBudget }) {
  const setBudget = useSetWorkspaceBudget();
  const [budget, setBudgetValue] = useState<BudgetValue>(stored.budget);
  const [error, setError] = useState<string | undefined>();

  const save = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = budget ? monthlyBudgetSchema.safeParse(budget) : { success: true as const, data: null };
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    setBudget.mutate(
      { budget: parsed.data },
      {
        onSuccess: () =>
          toast.success('Budget saved', {
            description: parsed.data ? 'Runs stop for the month once it is reached.' : 'The workspace’s runs have no monthly budget.',
          }),
        onError: (failure) => toastError('Error saving budget', failure, 'There was an error saving your budget. Please try again.'),
      },
    );
  };

  return (
    <SettingsFormCard
      title={title}
      description="Optional: stop all this workspace's runs for the month once they have used this much."
      onSubmit={save}
      submitLabel="Save Budget"
      busy={setBudget.isPending}
    >
      <BudgetFields idPrefix="workspace-budget" value={budget} onChange={setBudgetValue} error={error} covers="all this workspace's runs" />
    </SettingsFormCard>
  );
}

/** A viewer or editor sees what stops the workspace's runs, and who may change it. */
function BudgetReadOnly({ stored }: { stored: WorkspaceBudget }) {
  return (
    <TitledCard title={title} description="All this workspace's runs stop for the month once they have used this much.">
      <p className="text-slate-900">{stored.budget ? `${formatBudget(stored.budget)} per month (UTC)` : 'No budget'}</p>
      <p className="text-sm text-slate-600">Only workspace admins can change the budget.</p>
    </TitledCard>
  );
}
