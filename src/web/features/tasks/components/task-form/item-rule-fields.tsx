import { clsx } from 'clsx';
import { CircleAlert } from 'lucide-react';
import { useWatch } from 'react-hook-form';
import { wholeItemKey } from '#shared/tasks/item-rules';
import { Field } from '#web/components/ui/field';
import { inputClassName } from '#web/components/ui/input';
import { firstErrorMessage } from './output-shape-draft';
import { useTaskFormContext } from './use-task-form';

const wholeItemLabel = 'The whole item';

/**
 * The settings of "Only new items" and "Only changed items" (ADR 0122): the item field that tells items apart (or the
 * whole item, for new items), and for changed items the fields whose change delivers an item again. A key or watched
 * field the result no longer has stays shown, with the shared schema's message under it.
 */
export function ItemRuleFields({ itemFields }: { itemFields: string[] }) {
  const {
    control,
    setValue,
    formState: { errors },
  } = useTaskFormContext();
  const deliverWhen = useWatch({ control, name: 'deliverWhen' });
  const itemKey = useWatch({ control, name: 'itemKey' }) ?? '';
  const watched = useWatch({ control, name: 'watchedFields' }) ?? [];
  const changed = deliverWhen === 'changed_items';
  const options = { shouldDirty: true, shouldValidate: true } as const;

  const keyOptions = [
    ...(itemKey && itemKey !== wholeItemKey && !itemFields.includes(itemKey)
      ? [{ value: itemKey, label: `${itemKey} (not in the result)` }]
      : []),
    ...itemFields.map((name) => ({ value: name, label: name })),
    // Changed items compares fields of one item, which the whole item as its key cannot tell apart (the server says so).
    ...(!changed || itemKey === wholeItemKey ? [{ value: wholeItemKey, label: wholeItemLabel }] : []),
  ];
  const watchable = [...itemFields, ...watched.filter((name) => !itemFields.includes(name))].filter((name) => name !== itemKey);

  const chooseKey = (key: string) => {
    setValue('itemKey', key === '' ? null : key, options);
    // The key never changes for an item, so it is no longer watched.
    if (watched.includes(key))
      setValue(
        'watchedFields',
        watched.filter((name) => name !== key),
        options,
      );
  };
  const toggleWatched = (name: string, on: boolean) =>
    setValue('watchedFields', on ? [...watched, name] : watched.filter((other) => other !== name), options);

  const watchedError = firstErrorMessage(errors.watchedFields);

  return (
    <div className="flex flex-col gap-4">
      <Field
        id="task-item-key"
        label="Item key"
        hint={
          changed
            ? 'The field that tells one item from another, such as its link.'
            : 'The field that tells one item from another, such as its link; or the whole item, so any change makes it new.'
        }
        error={errors.itemKey?.message}
      >
        {(fieldControl) => (
          <select
            {...fieldControl}
            value={itemKey}
            onChange={(event) => chooseKey(event.target.value)}
            className={clsx(inputClassName, 'pr-8 sm:max-w-xs')}
          >
            <option value="">Choose a field</option>
            {keyOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        )}
      </Field>

      {changed ? (
        <fieldset aria-describedby={watchedError ? 'task-watched-fields-error' : 'task-watched-fields-hint'}>
          <legend className="text-sm font-medium text-slate-900">Watched fields</legend>
          <div className="mt-1.5 flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:gap-x-6">
            {watchable.map((name) => (
              <label key={name} className="flex min-h-6 items-center gap-2 text-sm text-slate-900">
                <input
                  type="checkbox"
                  checked={watched.includes(name)}
                  onChange={(event) => toggleWatched(name, event.target.checked)}
                  className="size-4 shrink-0 cursor-pointer rounded border-slate-300 accent-indigo-600"
                />
                {itemFields.includes(name) ? name : `${name} (not in the result)`}
              </label>
            ))}
          </div>
          {watchedError ? (
            <p id="task-watched-fields-error" className="mt-1.5 flex items-start gap-1.5 text-sm text-red-600">
              <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {watchedError}
            </p>
          ) : (
            <p id="task-watched-fields-hint" className="mt-1.5 text-sm text-slate-500">
              An item is delivered again when one of these fields changes; new items are always delivered.
            </p>
          )}
        </fieldset>
      ) : null}
    </div>
  );
}
