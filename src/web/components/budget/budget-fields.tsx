import { clsx } from 'clsx';
import { useState } from 'react';
import type { BudgetUnit } from '#shared/budgets/monthly-budget.schema';
import { Field } from '../ui/field';
import { Input, inputClassName } from '../ui/input';

/** What the fields hold: a unit and an amount, or null for no budget. The amount may not be a number yet. */
export type BudgetValue = { unit: BudgetUnit; amount: number } | null | undefined;

type BudgetFieldsProps = {
  idPrefix: string;
  value: BudgetValue;
  onChange: (value: BudgetValue) => void;
  error?: string | undefined;
  /** What the budget covers, for the hint: "this task's runs", "all your runs". */
  covers: string;
};

/**
 * An optional monthly budget (issue 23): none, tokens or USD, and the amount. Shared by the task form and Settings;
 * both validate with the shared `monthlyBudgetSchema`.
 */
export function BudgetFields({ idPrefix, value, onChange, error, covers }: BudgetFieldsProps) {
  const [amountText, setAmountText] = useState(value ? String(value.amount) : '');
  const unit = value?.unit ?? 'none';

  const change = (nextUnit: BudgetUnit | 'none', text: string) => {
    setAmountText(text);
    // An empty or unreadable amount is NaN: the schema's message says what to enter.
    onChange(nextUnit === 'none' ? null : { unit: nextUnit, amount: text.trim() === '' ? Number.NaN : Number(text) });
  };

  return (
    <div className="grid gap-5 sm:grid-cols-[12rem_1fr]">
      <Field id={`${idPrefix}-unit`} label="Monthly budget" hint={`Caps ${covers} each calendar month (UTC).`}>
        {(control) => (
          <select
            {...control}
            value={unit}
            onChange={(event) => change(event.target.value as BudgetUnit | 'none', amountText)}
            className={clsx(inputClassName, 'pr-8')}
          >
            <option value="none">No budget</option>
            <option value="tokens">Tokens</option>
            <option value="usd">USD (estimated)</option>
          </select>
        )}
      </Field>
      {unit === 'none' ? null : (
        <Field
          id={`${idPrefix}-amount`}
          label={unit === 'tokens' ? 'Tokens per month' : 'USD per month'}
          hint="Once reached, further runs are skipped until the next month, and you get one e-mail."
          error={error}
        >
          {(control) => (
            <Input
              {...control}
              type="number"
              inputMode="decimal"
              min={0}
              step={unit === 'tokens' ? 1000 : 0.01}
              value={amountText}
              onChange={(event) => change(unit, event.target.value)}
            />
          )}
        </Field>
      )}
    </div>
  );
}
