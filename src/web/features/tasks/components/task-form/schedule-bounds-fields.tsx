import { useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { formatDate, formatTime, instantOf, isTimeZone, parseDate, parseTime, wallTimeAt } from '#shared/time/zoned-time';
import { Field } from '#web/components/ui/field';
import { Input } from '#web/components/ui/input';
import { useTaskFormContext } from './use-task-form';

/** An emptied field means "no such bound", which the API takes as null. */
const emptyAsNull = (value: unknown) => (value === '' || value === undefined ? null : value);
const runsOf = (value: unknown) => (value === '' || value === null || value === undefined ? null : Number(value));

/** The instant of a `datetime-local` value read in `zone`, or null when empty. */
function instantOfLocal(value: string, zone: string): string | null {
  const [date, time] = value.split('T');
  if (!date || !time || !isTimeZone(zone)) return null;
  return instantOf({ ...parseDate(date), ...parseTime(time.slice(0, 5)) }, zone).toISOString();
}

function localOfInstant(instant: string | null | undefined, zone: string): string {
  if (!instant || !isTimeZone(zone)) return '';
  const wall = wallTimeAt(new Date(instant), zone);
  return `${formatDate(wall)}T${formatTime(wall)}`;
}

const datesIn = (text: string) => text.split(/[\s,]+/).filter(Boolean);

/**
 * Where the schedule stops or pauses (ADR 0118): an end date, a number of runs, a pause that ends by itself, and dates
 * to skip, all in the schedule's zone. The next runs below show the slots they stop, with why.
 */
export function ScheduleBoundsFields() {
  const {
    control,
    register,
    formState: { errors },
  } = useTaskFormContext();
  const [scheduleType, timezone, cronTimezone] = useWatch({ control, name: ['scheduleType', 'timezone', 'cronTimezone'] });
  const zone = scheduleType === 'custom' && cronTimezone ? cronTimezone : timezone;
  const skipError = errors.skipDates?.message ?? (Array.isArray(errors.skipDates) ? errors.skipDates.find(Boolean)?.message : undefined);

  return (
    <fieldset className="flex flex-col gap-4" aria-labelledby="task-ends-legend">
      <legend id="task-ends-legend" className="text-sm font-semibold text-slate-900">
        Ends
      </legend>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="task-end-date" label="End Date" hint="The last day the task runs. Empty: no end." error={errors.endDate?.message}>
          {(fieldControl) => <Input {...fieldControl} {...register('endDate', { setValueAs: emptyAsNull })} type="date" />}
        </Field>
        <Field
          id="task-max-runs"
          label="After N Runs"
          hint="The task finishes after this many scheduled runs. Empty: no limit."
          error={errors.maxRuns?.message}
        >
          {(fieldControl) => (
            <Input
              {...fieldControl}
              {...register('maxRuns', { setValueAs: runsOf })}
              type="number"
              min={1}
              max={100000}
              step={1}
              inputMode="numeric"
            />
          )}
        </Field>
        <Field
          id="task-paused-until"
          label="Pause Until"
          hint="Nothing runs before then; the task resumes by itself."
          error={errors.pausedUntil?.message}
        >
          {(fieldControl) => (
            <Controller
              control={control}
              name="pausedUntil"
              render={({ field }) => (
                <Input
                  {...fieldControl}
                  name={field.name}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  type="datetime-local"
                  value={localOfInstant(field.value, zone)}
                  onChange={(event) => field.onChange(instantOfLocal(event.target.value, zone))}
                />
              )}
            />
          )}
        </Field>
        <Field
          id="task-skip-dates"
          label="Skip Dates"
          hint="Dates (YYYY-MM-DD) on which the task does not run, separated by commas."
          error={skipError}
        >
          {(fieldControl) => (
            <Controller
              control={control}
              name="skipDates"
              render={({ field }) => <SkipDatesInput fieldControl={fieldControl} field={field} />}
            />
          )}
        </Field>
      </div>
    </fieldset>
  );
}

/** The dates as text the user types freely; the form holds the list it names. */
function SkipDatesInput({
  fieldControl,
  field,
}: {
  fieldControl: object;
  field: { name: string; value?: string[] | null; onChange: (dates: string[] | null) => void; onBlur: () => void };
}) {
  const [text, setText] = useState(() => (field.value ?? []).join(', '));
  return (
    <Input
      {...fieldControl}
      name={field.name}
      onBlur={field.onBlur}
      value={text}
      placeholder="2026-12-25, 2027-01-01"
      autoComplete="off"
      onChange={(event) => {
        setText(event.target.value);
        const dates = datesIn(event.target.value);
        field.onChange(dates.length ? dates : null);
      }}
    />
  );
}
