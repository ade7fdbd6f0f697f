import { zodResolver } from '@hookform/resolvers/zod';
import * as Label from '@radix-ui/react-label';
import { Controller, useForm } from 'react-hook-form';
import { toast, toastError } from '#web/lib/toast';
import { userSettingsSchema, type UserSettings } from '#shared/settings/user-settings.schema';
import { Switch } from '#web/components/ui/switch';
import { useUpdateUserSettings } from '../api/update-user-settings';
import { SettingsFormCard } from './settings-form-card';
import { UserSettingsPanel } from './settings-panel-query';

type Notifications = UserSettings['notifications'];

const preferences: { key: keyof Notifications; label: string; description: string }[] = [
  { key: 'taskCompletion', label: 'Task Completion', description: 'Get an email each time one of your tasks finishes a run.' },
  { key: 'taskErrors', label: 'Task Errors', description: 'Get an email when a task run fails.' },
  { key: 'weeklyDigest', label: 'Weekly Digest', description: 'Get a summary of your runs and results once a week.' },
];

/** Settings → Notifications: which e-mails about task runs the user wants, stored on the server. */
export function NotificationSettings() {
  return <UserSettingsPanel subject="notification settings" rows={3} form={NotificationForm} />;
}

function NotificationForm({ settings }: { settings: UserSettings }) {
  const updateSettings = useUpdateUserSettings();
  const form = useForm({ resolver: zodResolver(userSettingsSchema.shape.notifications), defaultValues: settings.notifications });

  const onSubmit = form.handleSubmit((notifications) => {
    updateSettings.mutate(
      { ...settings, notifications },
      {
        onSuccess: (saved) => {
          form.reset(saved.notifications);
          toast.success('Notification settings saved');
        },
        onError: (error) => {
          toastError(
            'Error saving notification settings',
            error,
            'There was an error saving your notification settings. Please try again.',
          );
        },
      },
    );
  });

  return (
    <SettingsFormCard
      title="Notifications"
      description="Choose which emails you receive about your tasks. Each task still delivers its own results."
      onSubmit={onSubmit}
      submitLabel="Save Preferences"
      busy={updateSettings.isPending}
      contentClassName="py-2"
    >
      <ul className="divide-y divide-slate-100">
        {preferences.map(({ key, label, description }) => {
          const id = `notification-${key}`;
          return (
            <li key={key} className="flex items-center justify-between gap-6 py-4">
              <div className="flex min-w-0 flex-col gap-0.5">
                <Label.Root htmlFor={id} className="text-sm font-medium text-slate-900">
                  {label}
                </Label.Root>
                <p id={`${id}-description`} className="text-sm text-slate-600">
                  {description}
                </p>
              </div>
              <Controller
                control={form.control}
                name={key}
                render={({ field }) => (
                  <Switch
                    id={id}
                    ref={field.ref}
                    checked={field.value}
                    onCheckedChange={field.onChange}
                    onBlur={field.onBlur}
                    aria-describedby={`${id}-description`}
                  />
                )}
              />
            </li>
          );
        })}
      </ul>
    </SettingsFormCard>
  );
}
