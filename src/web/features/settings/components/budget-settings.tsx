import { useState } from 'react';
import { monthlyBudgetSchema, type UserSettings } from '#shared/settings/user-settings.schema';
import { BudgetFields, type BudgetValue } from '#web/components/budget/budget-fields';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader } from '#web/components/ui/card';
import { LoadError } from '#web/components/ui/load-error';
import { errorMessage } from '#web/lib/form-errors';
import { toast } from '#web/lib/toast';
import { useUserSettings } from '#web/lib/user-settings';
import { useUpdateUserSettings } from '../api/update-user-settings';
import { SettingsPanelSkeleton } from './settings-panel-skeleton';

/** Settings → Budget: an optional monthly budget over all the user's runs (issue 23). */
export function BudgetSettings() {
  const settings = useUserSettings();
  if (settings.isPending) return <SettingsPanelSkeleton label="Loading your budget..." rows={1} />;
  if (settings.isError) {
    return (
      <LoadError
        title="Your budget could not be loaded."
        message={errorMessage(settings.error, 'Check your connection and try again.')}
        onRetry={() => void settings.refetch()}
        retrying={settings.isFetching}
      />
    );
  }
  return <BudgetForm settings={settings.data} />;
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
        onError: (failure) =>
          toast.error('Error saving budget', {
            description: errorMessage(failure, 'There was an error saving your budget. Please try again.'),
          }),
      },
    );
  };

  return (
    <Card aria-labelledby="budget-settings-title">
      <form onSubmit={save} noValidate>
        <CardHeader
          titleId="budget-settings-title"
          title="Monthly Budget"
          description="Optional: stop all your tasks' runs for the month once they have used this much."
        />
        <CardContent>
          <BudgetFields idPrefix="account-budget" value={budget} onChange={setBudget} error={error} covers="all your runs" />
        </CardContent>
        <CardFooter>
          <Button type="submit" disabled={updateSettings.isPending}>
            {updateSettings.isPending ? 'Saving...' : 'Save Budget'}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
