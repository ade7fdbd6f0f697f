import { clsx } from 'clsx';
import { useMemo, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import type { ScheduleType } from '#shared/tasks/task.schema';
import { TimeZoneOptions, UseBrowserTimeZone } from '#web/components/time-zone/time-zone-picker';
import { TitledCard } from '#web/components/ui/card';
import { Field } from '#web/components/ui/field';
import { Input, inputClassName } from '#web/components/ui/input';
import { browserTimeZone } from '#web/lib/time-zones';
import { ChoiceCards, type Choice } from './choice-cards';
import { DaylightSavingFields } from './daylight-saving-fields';
import { NextRuns } from './next-runs';
import { ScheduleBoundsFields } from './schedule-bounds-fields';
import { useTaskFormContext } from './use-task-form';

const scheduleChoices: Choice<ScheduleType>[] = [
  { value: 'hourly', label: 'Hourly', description: 'Every hour' },
  { value: 'daily', label: 'Daily', description: 'Every day' },
  { value: 'weekly', label: 'Weekly', description: 'Once a week' },
  { value: 'monthly', label: 'Monthly', description: 'Once a month' },
  { value: 'custom', label: 'Custom', description: 'Cron expression' },
];

const timeHints: Record<Exclude<ScheduleType, 'custom'>, string> = {
  hourly: 'Only the minutes count: the task runs every hour at this minute.',
  daily: 'The task runs every day at this time.',
  weekly: 'The task runs once a week at this time.',
  monthly: 'The task runs once a month at this time.',
};

const startDateHints: Record<ScheduleType, string> = {
  custom: 'Nothing runs before this day, in the cron time zone.',
  hourly: 'The first day the task runs.',
  daily: 'The first day the task runs.',
  weekly: "It runs on this date's weekday.",
  monthly: 'It runs on this day of each month; on the last day in shorter months.',
};

/** An empty time or date input means "not given", which the schema accepts for the schedule the user is not using. */
const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

const cronHint =
  'Five fields: minute, hour, day of month, month, day of week, or a macro such as @daily, read in the cron time zone. For example, 0 9 * * 1-5 runs at 09:00 on weekdays.';

/**
 * Frequency and time. Simple schedules take a local time, a start date and a time zone; Custom swaps the time for a
 * cron expression read in its own zone, the task's unless the user picks another (ADR 0116). Both honour the start
 * date and the daylight-saving policies. The next runs follow every change.
 */
export function ScheduleCard() {
  const {
    control,
    register,
    setValue,
    clearErrors,
    formState: { errors },
  } = useTaskFormContext();
  const scheduleType = useWatch({ control, name: 'scheduleType' });
  const timezone = useWatch({ control, name: 'timezone' });
  const cronTimezone = useWatch({ control, name: 'cronTimezone' });
  const custom = scheduleType === 'custom';

  const ownZone = useMemo(() => browserTimeZone(), []);
  // The zone the form opened with stays selectable even if this browser's list lacks it.
  const [initialZone] = useState(timezone);

  /** The cron's zone follows the task's until the user gives it one of its own. */
  const setTaskZone = (zone: string, setField: (zone: string) => void) => {
    if (!cronTimezone || cronTimezone === timezone) setValue('cronTimezone', zone, { shouldDirty: true, shouldValidate: true });
    setField(zone);
  };

  const zoneHint = (
    <>
      {custom
        ? "The task's own zone. The cron expression and its start date are read in the cron time zone."
        : 'The time and start date are in this zone.'}{' '}
      {timezone === ownZone ? (
        "It is your browser's time zone."
      ) : (
        <UseBrowserTimeZone
          browserZone={ownZone}
          onUse={() => setTaskZone(ownZone, (zone) => setValue('timezone', zone, { shouldDirty: true, shouldValidate: true }))}
        />
      )}
    </>
  );

  return (
    <TitledCard title="Schedule" description="When the task runs." contentClassName="flex flex-col gap-6">
      <ChoiceCards
        id="task-schedule-type"
        legend="Frequency"
        choices={scheduleChoices}
        registration={register('scheduleType', {
          // The fields of the schedule no longer in use go away, and their complaints with them.
          onChange: () => clearErrors(['localTime', 'startDate', 'customCron', 'cronTimezone']),
        })}
        error={errors.scheduleType?.message}
        className="grid-cols-2 sm:grid-cols-3 lg:grid-cols-5"
      />

      {custom ? (
        <Field id="task-custom-cron" label="Cron Expression" hint={cronHint} error={errors.customCron?.message}>
          {(fieldControl) => (
            <Input
              {...fieldControl}
              {...register('customCron')}
              placeholder="0 9 * * 1-5"
              autoComplete="off"
              spellCheck={false}
              className="font-mono"
            />
          )}
        </Field>
      ) : null}

      <div className="grid gap-5 sm:grid-cols-2">
        {custom ? (
          <Field
            id="task-cron-timezone"
            label="Cron Time Zone"
            hint="The zone the cron expression is read in; the task's own unless you pick another."
            error={errors.cronTimezone?.message}
          >
            {(fieldControl) => (
              <Controller
                control={control}
                name="cronTimezone"
                render={({ field }) => (
                  <select {...fieldControl} {...field} value={field.value ?? timezone} className={clsx(inputClassName, 'pr-8')}>
                    {/* Its zone may be one the list lacks: the task's alias it followed, or a stored one. */}
                    <TimeZoneOptions keep={field.value ?? timezone} />
                  </select>
                )}
              />
            )}
          </Field>
        ) : (
          <Field id="task-schedule-time" label="Time" hint={timeHints[scheduleType]} error={errors.localTime?.message}>
            {(fieldControl) => (
              <Input {...fieldControl} {...register('localTime', { setValueAs: emptyAsUndefined })} type="time" step={60} />
            )}
          </Field>
        )}
        <Field id="task-start-date" label="Start Date" hint={startDateHints[scheduleType]} error={errors.startDate?.message}>
          {(fieldControl) => <Input {...fieldControl} {...register('startDate', { setValueAs: emptyAsUndefined })} type="date" />}
        </Field>
      </div>

      <Field id="task-timezone" label="Time Zone" hint={zoneHint} error={errors.timezone?.message}>
        {(fieldControl) => (
          // Controlled, so the list always shows the form's value, including after "Use my time zone".
          <Controller
            control={control}
            name="timezone"
            render={({ field }) => (
              <select
                {...fieldControl}
                {...field}
                onChange={(event) => setTaskZone(event.target.value, field.onChange)}
                className={clsx(inputClassName, 'pr-8')}
              >
                <TimeZoneOptions keep={initialZone} />
              </select>
            )}
          />
        )}
      </Field>

      <DaylightSavingFields />

      <ScheduleBoundsFields />

      <NextRuns />
    </TitledCard>
  );
}
