import { clsx } from 'clsx';
import { CircleAlert, type LucideIcon } from 'lucide-react';
import type { UseFormRegisterReturn } from 'react-hook-form';

export type Choice<T extends string> = { value: T; label: string; description: string; icon?: LucideIcon };

type ChoiceCardsProps<T extends string> = {
  id: string;
  legend: string;
  choices: readonly Choice<T>[];
  registration: UseFormRegisterReturn;
  error?: string | undefined;
  /** Grid columns per breakpoint; one column on phones unless told otherwise. */
  className?: string;
};

/**
 * A radio group drawn as cards (the settings page's frequency picker has the same look): arrow keys move between the
 * choices, and the group is named by its legend.
 */
export function ChoiceCards<T extends string>({ id, legend, choices, registration, error, className }: ChoiceCardsProps<T>) {
  const errorId = `${id}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium text-slate-900">{legend}</legend>
      <div className={clsx('mt-1.5 grid gap-2', className)}>
        {choices.map(({ value, label, description, icon: Icon }) => (
          <label
            key={value}
            className={clsx(
              'relative flex cursor-pointer gap-3 rounded-lg border border-slate-300 bg-white px-4 py-3 shadow-sm transition-colors hover:border-slate-400',
              'has-checked:border-indigo-600 has-checked:bg-indigo-50 has-checked:ring-1 has-checked:ring-indigo-600',
              // The radio itself is visually hidden, so its keyboard focus is drawn on the card.
              'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-indigo-600',
            )}
          >
            <input type="radio" value={value} {...registration} className="sr-only" />
            {Icon ? <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-indigo-600" /> : null}
            <span className="flex min-w-0 flex-col">
              <span className="text-sm font-semibold text-slate-900">{label}</span>
              <span className="text-sm text-slate-600">{description}</span>
            </span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="mt-1.5 flex items-start gap-1.5 text-sm text-red-600">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
