import { clsx } from 'clsx';
import { Controller, useWatch } from 'react-hook-form';
import type { OverlapPolicy } from '#shared/tasks/task.schema';
import { TitledCard } from '#web/components/ui/card';
import { Field } from '#web/components/ui/field';
import { inputClassName } from '#web/components/ui/input';
import { catchUpWindowText } from '#web/lib/catch-up-window-text';
import { ChoiceCards, type Choice } from './choice-cards';
import { useTaskFormContext } from './use-task-form';

/** The windows the form offers, in seconds; a window set through the API is offered too (ADR 0117). */
const catchUpChoices: { seconds: number; label: string }[] = [
  { seconds: 0, label: 'None: skip missed runs' },
  { seconds: 900, label: '15 minutes' },
  { seconds: 3_600, label: '1 hour' },
  { seconds: 21_600, label: '6 hours' },
  { seconds: 86_400, label: '1 day' },
  { seconds: 604_800, label: '7 days' },
];

const overlapChoices: Choice<OverlapPolicy>[] = [
  { value: 'skip', label: 'Skip', description: 'The slot is recorded as skipped.' },
  { value: 'buffer_one', label: 'Keep one waiting', description: 'It runs as soon as the current run ends.' },
];

/** After an outage, and while a run is still going at the next slot: what the scheduler does (ADR 0117). */
export function RunPolicyCard() {
  const {
    control,
    register,
    formState: { errors },
  } = useTaskFormContext();
  const catchUpWindow = useWatch({ control, name: 'catchUpWindow' });
  const offered =
    typeof catchUpWindow === 'number' && !catchUpChoices.some((choice) => choice.seconds === catchUpWindow)
      ? [...catchUpChoices, { seconds: catchUpWindow, label: catchUpWindowText(catchUpWindow) }].sort((a, b) => a.seconds - b.seconds)
      : catchUpChoices;
  return (
    <TitledCard
      title="Missed and overlapping runs"
      description="What happens after an outage, and when a run is still going at the next slot."
      contentClassName="flex flex-col gap-6"
    >
      <Field
        id="task-catch-up-window"
        label="Catch-up window"
        hint="After an outage, the latest missed run runs once if it is at most this late; the others are recorded as skipped."
        error={errors.catchUpWindow?.message}
      >
        {(fieldControl) => (
          // Controlled: the list shows the form's number whatever order its options appear in.
          <Controller
            control={control}
            name="catchUpWindow"
            render={({ field }) => (
              <select
                {...fieldControl}
                name={field.name}
                ref={field.ref}
                onBlur={field.onBlur}
                value={String(field.value)}
                onChange={(event) => field.onChange(Number(event.target.value))}
                className={clsx(inputClassName, 'pr-8')}
              >
                {offered.map(({ seconds, label }) => (
                  <option key={seconds} value={seconds}>
                    {label}
                  </option>
                ))}
              </select>
            )}
          />
        )}
      </Field>
      <ChoiceCards
        id="task-overlap"
        legend="If a run is still going"
        choices={overlapChoices}
        registration={register('overlap')}
        error={errors.overlap?.message}
        className="sm:grid-cols-2"
      />
    </TitledCard>
  );
}
