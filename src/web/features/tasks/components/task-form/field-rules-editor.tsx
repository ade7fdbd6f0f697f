import { clsx } from 'clsx';
import { CircleAlert, Plus, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { deliveryRuleMatches, operatorsOfType, type DeliveryRuleOperator, type DeliveryRules } from '#shared/tasks/delivery-rules';
import { Button } from '#web/components/ui/button';
import { Field } from '#web/components/ui/field';
import { Input, inputClassName } from '#web/components/ui/input';
import {
  blankRuleRow,
  maxDeliveryRules,
  operatorLabels,
  ruleOfRow,
  rowsOfRules,
  takesValue,
  withField,
  type RuleFieldChoice,
  type RuleRow,
} from './delivery-rule-draft';

const matchLabels: Record<(typeof deliveryRuleMatches)[number], string> = {
  all: 'All rules match',
  any: 'Any rule matches',
};

/** The message react-hook-form keeps at a path of the error tree, if any. */
function messageAt(errors: unknown, ...path: (string | number)[]): string | undefined {
  let node: unknown = errors;
  for (const key of path) node = typeof node === 'object' && node !== null ? (node as Record<string | number, unknown>)[key] : undefined;
  const message = typeof node === 'object' && node !== null ? (node as { message?: unknown }).message : undefined;
  return typeof message === 'string' && message ? message : undefined;
}

type FieldRulesEditorProps = {
  /** Prefix of the controls' ids, unique in the page: the task's rule and each destination's have one each. */
  idPrefix: string;
  /** What the all/any choice is called: "Deliver when" for the task, another for a destination. */
  legend: string;
  fields: RuleFieldChoice[];
  /** The rules as the form holds them; read when the editor opens, then kept in step by `onChange`. */
  value: Partial<DeliveryRules> | null | undefined;
  /** Every change, `byUser` false when only a value's type followed its field's (the user changed nothing). */
  onChange: (rules: DeliveryRules, byUser: boolean) => void;
  /** The error tree at the rules' place in the form. */
  errors: unknown;
  isSubmitted: boolean;
};

/**
 * Rules on a structured result's fields (ADR 0123), one row each: a field of the result, an operator that fits its
 * type, and a value of that type. It edits a value of the form through `onChange`, so the task's rule and each
 * destination's own (ADR 0127) are the same rows; the shared schema checks them against the output schema, so each
 * row shows the server's own message. A field the result no longer has stays in its row, named as such, until the
 * user picks another.
 */
export function FieldRulesEditor({ idPrefix, legend, fields, value, onChange, errors, isSubmitted }: FieldRulesEditorProps) {
  const [rows, setRows] = useState<RuleRow[]>(() => rowsOfRules(value?.rules ?? []));
  const [match, setMatch] = useState(value?.match ?? 'all');

  const write = (next: RuleRow[], nextMatch = match) => {
    setRows(next);
    setMatch(nextMatch);
    onChange({ match: nextMatch, rules: next.map((row) => ruleOfRow(row, fields)) }, true);
  };
  // A field whose type changed (text to number, say) gets its value in the new type, as the server will read it.
  const savedRules = JSON.stringify(value?.rules ?? []);
  useEffect(() => {
    const rules = rows.map((row) => ruleOfRow(row, fields));
    if (savedRules !== JSON.stringify(rules)) onChange({ match, rules }, false);
    // onChange is a new function on each render of the form; the rules it writes are what this compares.
  }, [fields, rows, match, savedRules]); // eslint-disable-line react-hooks/exhaustive-deps
  const update = (key: number, change: (row: RuleRow) => RuleRow) => write(rows.map((row) => (row.key === key ? change(row) : row)));

  const rulesError = messageAt(errors) ?? messageAt(errors, 'rules');

  return (
    <div className="flex flex-col gap-4">
      <fieldset>
        <legend className="text-sm font-medium text-slate-900">{legend}</legend>
        <div className="mt-1.5 flex flex-col gap-2 sm:flex-row sm:gap-6">
          {deliveryRuleMatches.map((value) => (
            <label key={value} className="flex items-center gap-2 text-sm text-slate-900">
              <input
                type="radio"
                name={`${idPrefix}s-match`}
                value={value}
                checked={match === value}
                onChange={() => write(rows, value)}
                className="size-4 shrink-0 cursor-pointer accent-indigo-600"
              />
              {matchLabels[value]}
            </label>
          ))}
        </div>
      </fieldset>

      <ol className="flex flex-col gap-3">
        {rows.map((row, index) => {
          const id = `${idPrefix}-${row.key}`;
          const field = fields.find((choice) => choice.name === row.field);
          const ops: readonly DeliveryRuleOperator[] = field ? operatorsOfType[field.type] : [row.op];
          const numeric = row.op === 'count_gt' || field?.type === 'number';
          const valueError = isSubmitted || row.edited ? messageAt(errors, 'rules', index, 'value') : undefined;
          return (
            <li key={row.key}>
              <fieldset className="rounded-lg border border-slate-200 bg-slate-50/60 p-3">
                <legend className="sr-only">{`Rule ${index + 1}`}</legend>
                <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,12rem)_minmax(0,1fr)_auto] sm:items-start">
                  <Field id={`${id}-field`} label="Field" error={messageAt(errors, 'rules', index, 'field')}>
                    {(control) => (
                      <select
                        {...control}
                        value={row.field}
                        onChange={(event) => update(row.key, (current) => withField(current, event.target.value, fields))}
                        className={clsx(inputClassName, 'pr-8')}
                      >
                        {field ? null : (
                          <option value={row.field}>{row.field ? `${row.field} (not in the result)` : 'Choose a field'}</option>
                        )}
                        {fields.map((choice) => (
                          <option key={choice.name} value={choice.name}>
                            {choice.label}
                          </option>
                        ))}
                      </select>
                    )}
                  </Field>
                  <Field id={`${id}-op`} label="Operator" error={messageAt(errors, 'rules', index, 'op')}>
                    {(control) => (
                      <select
                        {...control}
                        value={row.op}
                        onChange={(event) => {
                          const op = event.target.value as DeliveryRuleOperator;
                          update(row.key, (current) => ({ ...current, op, value: takesValue(op) ? current.value : '' }));
                        }}
                        className={clsx(inputClassName, 'pr-8')}
                      >
                        {(ops.includes(row.op) ? ops : [row.op, ...ops]).map((op) => (
                          <option key={op} value={op}>
                            {operatorLabels[op]}
                          </option>
                        ))}
                      </select>
                    )}
                  </Field>
                  {takesValue(row.op) ? (
                    <Field id={`${id}-value`} label={row.op === 'count_gt' ? 'Number of items' : 'Value'} error={valueError}>
                      {(control) => (
                        <Input
                          {...control}
                          type={numeric ? 'number' : field?.type === 'date' ? 'date' : 'text'}
                          inputMode={numeric ? (row.op === 'count_gt' ? 'numeric' : 'decimal') : undefined}
                          min={row.op === 'count_gt' ? 0 : undefined}
                          step={row.op === 'count_gt' ? 1 : 'any'}
                          value={row.value}
                          onChange={(event) => update(row.key, (current) => ({ ...current, value: event.target.value, edited: true }))}
                          autoComplete="off"
                        />
                      )}
                    </Field>
                  ) : (
                    <div className="hidden sm:block" />
                  )}
                  <div className="flex justify-end sm:mt-6.5">
                    <Button
                      variant="ghost"
                      size="icon"
                      onClick={() => write(rows.filter((other) => other.key !== row.key))}
                      aria-label={`Remove rule ${index + 1}`}
                    >
                      <Trash2 aria-hidden="true" className="size-4" />
                    </Button>
                  </div>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>

      {rulesError ? (
        <p role="alert" className="flex items-start gap-1.5 text-sm text-red-600">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {rulesError}
        </p>
      ) : null}

      <Button
        variant="secondary"
        size="sm"
        className="self-start"
        disabled={rows.length >= maxDeliveryRules || fields.length === 0}
        onClick={() => write([...rows, blankRuleRow(fields)])}
      >
        <Plus aria-hidden="true" className="size-4" />
        Add rule
      </Button>
    </div>
  );
}
