import { useState } from 'react';
import { monthlyBudgetSchema, type UserSettings } from '#shared/settings/user-settings.schema';
import { BudgetFields, type BudgetValue } from '#web/components/budget/budget-fields';
import { toast, toastError } from '#web/lib/toast';
import { useUpdateUserSettings } from '../api/update-user-settings';
import { SettingsFormCard } from './settings-form-card';
import { UserSettingsPanel } from './settings-panel-query';

/** Settings → Budget: an optional monthly budget over all the user's runs (issue 23). */
export function BudgetSettings() {
  return <UserSettingsPanel subject="budget" rows={1} form={BudgetForm} />;
}

function BudgetForm({ settings }: { settings: UserSettings }) {
  const updateSettings = useUpdateUserSettings();
  const [budget, setBudget] = useState<BudgetValue>(settings.budget ?? null);
  const [error, setError] = useState<string | undefined>();

  const save = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = budget ? monthlyBudgetSchema.safeParse(budget) : { success: true as const, data: null };
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    updateSettings.mutate(
      { ...settings, budget: parsed.data },
      {
        onSuccess: () =>
          toast.success('Budget saved', {
            description: parsed.data ? 'Runs stop for the month once it is reached.' : 'Your runs have no monthly budget.',
          }),
        onError: (failure) => toastError('Error saving budget', failure, 'There was an error saving your budget. Please try again.'),
      },
    );
  };

  return (
    <SettingsFormCard
      title="Monthly Budget"
      description="Optional: stop all your tasks' runs for the month once they have used this much."
      onSubmit={save}
      submitLabel="Save Budget"
      busy={updateSettings.isPending}
    >
      <BudgetFields idPrefix="account-budget" value={budget} onChange={setBudget} error={error} covers="all your runs" />
    </SettingsFormCard>
  );
}
