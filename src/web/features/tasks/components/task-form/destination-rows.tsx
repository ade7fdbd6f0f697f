import { clsx } from 'clsx';
import { ChevronDown, Plus, Trash2 } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useWatch, type FieldPath } from 'react-hook-form';
import type { DeliveryRules } from '#shared/tasks/delivery-rules';
import { destinationLimits } from '#shared/tasks/destinations';
import { deliversToUrl, type DeliveryMethod } from '#shared/tasks/task.schema';
import { Button } from '#web/components/ui/button';
import { Field } from '#web/components/ui/field';
import { Input, inputClassName } from '#web/components/ui/input';
import { deliveryChoices, urlFields } from './delivery-method-texts';
import { ruleErrorNames, ruleFieldChoices } from './delivery-rule-draft';
import { FieldRulesEditor } from './field-rules-editor';
import { SendTestMessage } from './send-test-message';
import { blankDestination, type FormDestination, type TaskFormValues } from './task-form-values';
import { useTaskFormContext } from './use-task-form';

/** The message react-hook-form keeps at a path of the error tree, if any. */
function messageAt(errors: unknown, ...path: (string | number)[]): string | undefined {
  let node: unknown = errors;
  for (const key of path) node = typeof node === 'object' && node !== null ? (node as Record<string | number, unknown>)[key] : undefined;
  const message = typeof node === 'object' && node !== null ? (node as { message?: unknown }).message : undefined;
  return typeof message === 'string' && message ? message : undefined;
}

/** The address field a destination's method fills in. */
export const addressFieldOf = (method: DeliveryMethod) => (deliversToUrl(method) ? 'webhookUrl' : 'email');

/**
 * The paths the shared schema may put the destinations' problems at (ADR 0127), so that a change in one row checks
 * them all again: a duplicate moves with the rows. The first destination's address is the shorthand's field, and its
 * message is checked again only when it shows one (its wording names its place once the task has several).
 */
function destinationErrorNames(list: readonly FormDestination[], firstShowsError: boolean): FieldPath<TaskFormValues>[] {
  const names: FieldPath<TaskFormValues>[] = firstShowsError ? ['deliveryConfig.email', 'deliveryConfig.webhookUrl'] : [];
  list.forEach((destination, index) => {
    if (index > 0) names.push(`destinations.${index}`, `destinations.${index}.config.email`, `destinations.${index}.config.webhookUrl`);
    if (destination.onlyWhen) names.push(...ruleErrorNames(destination.onlyWhen.rules?.length ?? 0, `destinations.${index}.onlyWhen`));
  });
  return names;
}

/** Checks every destination again after one changed: the first's address, a row, or the list itself. */
export function useRecheckDestinations() {
  const { getValues, clearErrors, trigger, getFieldState } = useTaskFormContext();
  return useCallback(() => {
    const list = getValues('destinations') ?? [];
    if (list.length < 2 && !list.some((destination) => destination.onlyWhen)) return;
    const firstShowsError = getFieldState('deliveryConfig').invalid;
    // A removed row's complaints must not outlive it; those of the rows still there come back from the check.
    clearErrors('destinations');
    void trigger(destinationErrorNames(list, firstShowsError));
  }, [getValues, clearErrors, trigger, getFieldState]);
}

let lastRowKey = 0;
const nextRowKey = () => (lastRowKey += 1);

/**
 * The task's other destinations (ADRs 0127, 0134), below the first: each a method and the address it wants, its own "only
 * when" rule, its own "Send test message" and a remove button; "Add destination" adds one up to the limit. A saved destination keeps its id, so
 * its deliveries keep their state.
 */
export function OtherDestinations() {
  const {
    control,
    getValues,
    setValue,
    formState: { errors, isSubmitted },
  } = useTaskFormContext();
  const recheck = useRecheckDestinations();
  const destinations = useWatch({ control, name: 'destinations' }) ?? [];
  const [keys, setKeys] = useState(() => destinations.slice(1).map(() => nextRowKey()));
  // A row shows its complaints once typed in, or once the form was sent: a new row is empty, not wrong.
  const [edited, setEdited] = useState<ReadonlySet<number>>(() => new Set());
  // Where the keyboard goes once the page shows the change: the method of the row just added, or, after a removal,
  // the button that adds one (enabled again only then, if the list was full).
  const focusNext = useRef<number | 'add' | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const full = destinations.length >= destinationLimits.max;

  useEffect(() => {
    if (focusNext.current === null) return;
    if (focusNext.current === 'add') addButton.current?.focus();
    else document.getElementById(`task-destination-${focusNext.current}-method`)?.focus();
    focusNext.current = null;
  });

  const write = (next: FormDestination[]) => {
    setValue('destinations', next, { shouldDirty: true });
    recheck();
  };
  const markEdited = (key: number) => setEdited((before) => (before.has(key) ? before : new Set([...before, key])));

  const add = () => {
    const list = getValues('destinations') ?? [blankDestination()];
    const key = nextRowKey();
    setKeys((before) => [...before, key]);
    write([...list, blankDestination()]);
    focusNext.current = key;
  };
  const remove = (index: number) => {
    const list = getValues('destinations') ?? [];
    setKeys((before) => before.filter((_, at) => at !== index - 1));
    write(list.filter((_, at) => at !== index));
    focusNext.current = 'add';
  };
  const change = (index: number, key: number, destination: FormDestination) => {
    const list = getValues('destinations') ?? [];
    markEdited(key);
    write(list.map((other, at) => (at === index ? destination : other)));
  };

  return (
    <div className="flex flex-col gap-4">
      {destinations.length > 1 ? (
        <ol className="flex flex-col gap-4" aria-label="Other destinations">
          {destinations.slice(1).map((destination, offset) => {
            const index = offset + 1;
            const key = keys[offset] ?? -index;
            const id = `task-destination-${key}`;
            const place = `Destination ${index + 1}`;
            const field = addressFieldOf(destination.method);
            const shown = isSubmitted || edited.has(key);
            const error = shown
              ? (messageAt(errors.destinations, index, 'config', field) ?? messageAt(errors.destinations, index))
              : undefined;
            const url = deliversToUrl(destination.method) ? urlFields[destination.method] : null;
            return (
              <li key={key}>
                <fieldset className="flex min-w-0 flex-col gap-3 rounded-lg border border-slate-200 p-3 sm:p-4">
                  <legend className="sr-only">{place}</legend>
                  <div className="flex items-center justify-between gap-3">
                    <p aria-hidden="true" className="text-sm font-semibold text-slate-900">
                      {place}
                    </p>
                    <Button variant="ghost" size="icon" onClick={() => remove(index)} aria-label={`Remove destination ${index + 1}`}>
                      <Trash2 aria-hidden="true" className="size-4" />
                    </Button>
                  </div>
                  <div className="grid gap-3 sm:grid-cols-[minmax(0,12rem)_minmax(0,1fr)] sm:items-start">
                    <Field id={`${id}-method`} label="Method">
                      {(fieldControl) => (
                        <select
                          {...fieldControl}
                          value={destination.method}
                          onChange={(event) =>
                            // A URL made for one method does not fit another, and an address is no URL (spec section 4).
                            change(index, key, {
                              ...destination,
                              method: event.target.value as DeliveryMethod,
                              config: { email: '', webhookUrl: '' },
                            })
                          }
                          className={clsx(inputClassName, 'pr-8')}
                        >
                          {deliveryChoices.map((choice) => (
                            <option key={choice.value} value={choice.value}>
                              {choice.label}
                            </option>
                          ))}
                        </select>
                      )}
                    </Field>
                    <Field id={`${id}-address`} label={url ? url.label : 'Email'} error={error}>
                      {(fieldControl) => (
                        <Input
                          {...fieldControl}
                          type={url ? 'url' : 'email'}
                          inputMode={url ? 'url' : 'email'}
                          placeholder={url ? url.placeholder : 'name@example.com'}
                          value={destination.config[field] ?? ''}
                          onChange={(event) =>
                            change(index, key, { ...destination, config: { ...destination.config, [field]: event.target.value } })
                          }
                          autoComplete="off"
                          spellCheck={false}
                        />
                      )}
                    </Field>
                  </div>
                  <DestinationOnlyWhen index={index} idPrefix={id} />
                  <SendTestMessage index={index} onCheck={() => markEdited(key)} addressId={`${id}-address`} />
                </fieldset>
              </li>
            );
          })}
        </ol>
      ) : null}

      <div className="flex flex-col items-start gap-1.5">
        <Button ref={addButton} variant="secondary" size="sm" disabled={full} onClick={add} aria-describedby="task-destinations-hint">
          <Plus aria-hidden="true" className="size-4" />
          Add destination
        </Button>
        <p id="task-destinations-hint" className="text-sm text-slate-500">
          {full
            ? `A task delivers to at most ${destinationLimits.max} destinations.`
            : `Each result can also go to other places, up to ${destinationLimits.max} in all.`}
        </p>
      </div>
    </div>
  );
}

/**
 * A destination's own "only when" rule (ADR 0127): rules on the result's fields that this destination's results must
 * meet too, on top of the task's "Deliver" rule. They name the result's fields, so they need a structured result.
 */
export function DestinationOnlyWhen({ index, idPrefix }: { index: number; idPrefix: string }) {
  const {
    control,
    setValue,
    formState: { errors, isSubmitted },
  } = useTaskFormContext();
  const recheck = useRecheckDestinations();
  const onlyWhen = useWatch({ control, name: `destinations.${index}.onlyWhen` });
  const outputSchema = useWatch({ control, name: 'outputSchema' });
  const [open, setOpen] = useState(Boolean(onlyWhen));
  const place = `destination ${index + 1}`;

  const change = (rules: DeliveryRules, byUser: boolean) => {
    // No rule left is no rule: the destination gets every result the task delivers.
    setValue(`destinations.${index}.onlyWhen`, rules.rules.length ? rules : null, { shouldDirty: byUser });
    recheck();
  };

  if (!outputSchema) {
    return (
      <div className="flex flex-col items-start gap-1.5">
        <p className="text-sm text-slate-500">
          {onlyWhen
            ? `The rule of ${place} names the result’s fields, which a free-text result does not have.`
            : `With a structured result, ${place} can get only the results whose fields meet rules you set.`}
        </p>
        {onlyWhen ? (
          <Button variant="secondary" size="sm" onClick={() => change({ match: 'all', rules: [] }, true)}>
            {`Remove the rule of ${place}`}
          </Button>
        ) : null}
      </div>
    );
  }

  const panelId = `${idPrefix}-only-when`;
  return (
    <div className="flex min-w-0 flex-col gap-3">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((before) => !before)}
        className="flex items-center gap-1.5 self-start rounded text-left text-sm font-medium text-indigo-700 hover:text-indigo-800"
      >
        <ChevronDown aria-hidden="true" className={clsx('size-4 shrink-0 transition-transform', open ? 'rotate-0' : '-rotate-90')} />
        <span>
          Only when… (rules on the result’s fields)
          <span className="sr-only">{`, ${place}`}</span>
        </span>
      </button>
      {open ? (
        <div id={panelId} className="flex min-w-0 flex-col gap-3 border-l-2 border-indigo-100 pl-3">
          <p className="text-sm text-slate-500">
            {`Results go to ${place} only when these rules are met too, besides the task’s own choice under Deliver. Without a rule, it gets every result delivered.`}
          </p>
          <FieldRulesEditor
            idPrefix={`${idPrefix}-rule`}
            legend={`Deliver to ${place} when`}
            fields={ruleFieldChoices(outputSchema)}
            value={onlyWhen}
            onChange={change}
            errors={errors.destinations?.[index]?.onlyWhen}
            isSubmitted={isSubmitted}
          />
        </div>
      ) : null}
    </div>
  );
}
