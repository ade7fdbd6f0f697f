import { clsx } from 'clsx';
import { Plus, Trash2 } from 'lucide-react';
import { outputFieldTypes } from '#shared/tasks/output-schema';
import { Button } from '#web/components/ui/button';
import { Field } from '#web/components/ui/field';
import { Input, inputClassName } from '#web/components/ui/input';
import { blankFieldRow, outputFieldTypeLabels, type DraftProblems, type OutputFieldRow } from './output-shape-draft';

type OutputFieldRowsProps = {
  rows: OutputFieldRow[];
  onChange: (rows: OutputFieldRow[]) => void;
  problems: DraftProblems;
  /** Whether a row's problems show before the user has typed into it: after a save was tried. */
  showAll: boolean;
};

/** The fields of a structured result, one row each: name, type, choices of a one-of, description, required (ADR 0119). */
export function OutputFieldRows({ rows, onChange, problems, showAll }: OutputFieldRowsProps) {
  const update = (key: number, change: Partial<OutputFieldRow>) =>
    onChange(rows.map((row) => (row.key === key ? { ...row, ...change } : row)));

  return (
    <div className="flex flex-col gap-3">
      <ol className="flex flex-col gap-3">
        {rows.map((row, index) => {
          const id = `task-output-field-${row.key}`;
          const rowProblems = problems.rows.get(row.key) ?? {};
          const nameError = showAll || row.name !== '' ? rowProblems.name : undefined;
          const choicesError = showAll || row.choices !== '' ? rowProblems.values : undefined;
          return (
            <li key={row.key}>
              <fieldset className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-slate-50/60 p-3">
                <legend className="sr-only">{`Field ${index + 1}`}</legend>
                <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_10rem_auto] sm:items-start">
                  <Field id={`${id}-name`} label="Field name" error={nameError}>
                    {(control) => (
                      <Input
                        {...control}
                        value={row.name}
                        onChange={(event) => update(row.key, { name: event.target.value })}
                        autoComplete="off"
                        spellCheck={false}
                        placeholder="title"
                      />
                    )}
                  </Field>
                  <Field id={`${id}-type`} label="Type">
                    {(control) => (
                      <select
                        {...control}
                        value={row.type}
                        onChange={(event) => update(row.key, { type: event.target.value as OutputFieldRow['type'] })}
                        className={clsx(inputClassName, 'pr-8')}
                      >
                        {outputFieldTypes.map((type) => (
                          <option key={type} value={type}>
                            {outputFieldTypeLabels[type]}
                          </option>
                        ))}
                      </select>
                    )}
                  </Field>
                  <div className="flex items-center justify-between gap-3 sm:mt-6.5">
                    <label className="flex h-10 items-center gap-2 text-sm text-slate-900">
                      <input
                        type="checkbox"
                        checked={row.required}
                        onChange={(event) => update(row.key, { required: event.target.checked })}
                        className="size-4 shrink-0 cursor-pointer rounded border-slate-300 accent-indigo-600"
                      />
                      Required
                    </label>
                    <Button
                      variant="ghost"
                      size="icon"
                      onClick={() => onChange(rows.filter((other) => other.key !== row.key))}
                      aria-label={`Remove field ${row.name.trim() || index + 1}`}
                    >
                      <Trash2 aria-hidden="true" className="size-4" />
                    </Button>
                  </div>
                </div>
                {row.type === 'enum' ? (
                  <Field id={`${id}-choices`} label="Choices" hint="Separated by commas, e.g. low, medium, high." error={choicesError}>
                    {(control) => (
                      <Input {...control} value={row.choices} onChange={(event) => update(row.key, { choices: event.target.value })} />
                    )}
                  </Field>
                ) : null}
                <Field id={`${id}-description`} label="Field description" error={rowProblems.description}>
                  {(control) => (
                    <Input
                      {...control}
                      value={row.description}
                      onChange={(event) => update(row.key, { description: event.target.value })}
                      placeholder="Optional: what the model should put here"
                    />
                  )}
                </Field>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <Button variant="secondary" size="sm" className="self-start" onClick={() => onChange([...rows, blankFieldRow()])}>
        <Plus aria-hidden="true" className="size-4" />
        Add field
      </Button>
    </div>
  );
}
