import { Controller } from 'react-hook-form';
import { BudgetFields } from '#web/components/budget/budget-fields';
import { TitledCard } from '#web/components/ui/card';
import { useTaskFormContext } from './use-task-form';

/** The task's optional monthly budget (issue 23), in tokens or estimated USD. */
export function BudgetCard() {
  const {
    control,
    formState: { errors },
  } = useTaskFormContext();
  const error = errors.budget?.amount?.message ?? errors.budget?.unit?.message ?? errors.budget?.message;
  return (
    <TitledCard title="Budget" description="Optional: stop this task's runs for the month once they have used this much.">
      <Controller
        control={control}
        name="budget"
        render={({ field }) => (
          <BudgetFields idPrefix="task-budget" value={field.value} onChange={field.onChange} error={error} covers="this task's runs" />
        )}
      />
    </TitledCard>
  );
}
