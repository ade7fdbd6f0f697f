import { zodResolver } from '@hookform/resolvers/zod';
import { clsx } from 'clsx';
import { useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { toast, toastError } from '#web/lib/toast';
import {
  defaultScheduleSchema,
  defaultScheduleTypes,
  specDefaultSchedule,
  type DefaultSchedule,
  type UserSettings,
} from '#shared/settings/user-settings.schema';
import { TimeZoneOptions, UseBrowserTimeZone } from '#web/components/time-zone/time-zone-picker';
import { Field } from '#web/components/ui/field';
import { Input, inputClassName } from '#web/components/ui/input';
import { serverFieldErrors } from '#web/lib/form-errors';
import { browserTimeZone } from '#web/lib/time-zones';
import { useUpdateUserSettings } from '../api/update-user-settings';
import { DisplayZoneNote } from './display-zone-note';
import { SettingsFormCard } from './settings-form-card';
import { UserSettingsPanel } from './settings-panel-query';

type ScheduleType = (typeof defaultScheduleTypes)[number];

const frequencyOptions: Record<ScheduleType, { label: string; description: string }> = {
  daily: { label: 'Daily', description: 'Every day' },
  weekly: { label: 'Weekly', description: 'Once a week' },
  monthly: { label: 'Monthly', description: 'Once a month' },
};

/** Settings → Default Schedule: the frequency, time and time zone a new task starts with. */
export function DefaultScheduleSettings() {
  return <UserSettingsPanel subject="default schedule" rows={3} form={DefaultScheduleForm} />;
}

function DefaultScheduleForm({ settings }: { settings: UserSettings }) {
  const updateSettings = useUpdateUserSettings();
  const ownZone = useMemo(() => browserTimeZone(), []);
  // Until the user saves one, show what a new task starts with anyway: daily at 09:00 in this browser's zone.
  const shown: DefaultSchedule = settings.defaultSchedule ?? { ...specDefaultSchedule, timezone: ownZone };
  const form = useForm({ resolver: zodResolver(defaultScheduleSchema), defaultValues: shown });
  const { errors } = form.formState;

  const selectedZone = useWatch({ control: form.control, name: 'timezone' });

  const onSubmit = form.handleSubmit((defaultSchedule: DefaultSchedule) => {
    updateSettings.mutate(
      { ...settings, defaultSchedule },
      {
        onSuccess: (saved) => {
          if (saved.defaultSchedule) form.reset(saved.defaultSchedule);
          toast.success('Default schedule saved', { description: 'New tasks will start with this schedule.' });
        },
        onError: (error) => {
          for (const [path, message] of Object.entries(serverFieldErrors(error))) {
            // The server names nested fields by their path, e.g. "defaultSchedule.time".
            const field = path.replace(/^defaultSchedule\./, '');
            if (field === 'type' || field === 'time' || field === 'timezone') form.setError(field, { type: 'server', message });
          }
          toastError('Error saving default schedule', error, 'There was an error saving your default schedule. Please try again.');
        },
      },
    );
  });

  return (
    <SettingsFormCard
      title="Default Schedule"
      description="New tasks start with this schedule. You can still change it on each task."
      onSubmit={onSubmit}
      submitLabel="Save Schedule"
      busy={updateSettings.isPending}
      contentClassName="flex flex-col gap-6"
    >
      <fieldset aria-describedby={errors.type ? 'schedule-type-error' : undefined}>
        <legend className="text-sm font-medium text-slate-900">Frequency</legend>
        <div className="mt-1.5 grid grid-cols-1 gap-2 sm:grid-cols-3">
          {defaultScheduleTypes.map((type) => (
            <label
              key={type}
              className={clsx(
                'relative flex cursor-pointer flex-col rounded-lg border border-slate-300 bg-white px-4 py-3 shadow-sm transition-colors hover:border-slate-400',
                'has-checked:border-indigo-600 has-checked:bg-indigo-50 has-checked:ring-1 has-checked:ring-indigo-600',
                // The radio itself is visually hidden, so its keyboard focus is drawn on the card.
                'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-indigo-600',
              )}
            >
              <input type="radio" value={type} {...form.register('type')} className="sr-only" />
              <span className="text-sm font-semibold text-slate-900">{frequencyOptions[type].label}</span>
              <span className="text-sm text-slate-600">{frequencyOptions[type].description}</span>
            </label>
          ))}
        </div>
        {errors.type ? (
          <p id="schedule-type-error" className="mt-1.5 text-sm text-red-600">
            {errors.type.message}
          </p>
        ) : null}
      </fieldset>

      <div className="grid gap-5 sm:grid-cols-[10rem_1fr]">
        <Field id="schedule-time" label="Time" hint="In the selected time zone." error={errors.time?.message}>
          {(control) => <Input {...control} {...form.register('time')} type="time" step={60} required />}
        </Field>
        <Field
          id="schedule-timezone"
          label="Time zone"
          error={errors.timezone?.message}
          hint={
            selectedZone === ownZone ? (
              "This is your browser's time zone."
            ) : (
              <UseBrowserTimeZone
                browserZone={ownZone}
                onUse={() => form.setValue('timezone', ownZone, { shouldDirty: true, shouldValidate: true })}
              />
            )
          }
        >
          {(control) => (
            // Controlled, so the list always shows the form's value, including after "Use my time zone".
            <Controller
              control={form.control}
              name="timezone"
              render={({ field }) => (
                <select {...control} {...field} className={clsx(inputClassName, 'pr-8')}>
                  {/* The saved zone stays selectable even if this browser's list lacks it. */}
                  <TimeZoneOptions keep={shown.timezone} />
                </select>
              )}
            />
          )}
        </Field>
      </div>
      <DisplayZoneNote savedZone={settings.defaultSchedule?.timezone} selectedZone={selectedZone} />
    </SettingsFormCard>
  );
}
