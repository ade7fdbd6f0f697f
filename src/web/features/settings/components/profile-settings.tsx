import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { toast, toastError } from '#web/lib/toast';
import { profileSchema } from '#shared/auth/auth.schema';
import type { MeUser } from '#shared/auth/me.schema';
import { Field } from '#web/components/ui/field';
import { Input } from '#web/components/ui/input';
import { meQueryOptions } from '#web/lib/auth';
import { serverFieldErrors } from '#web/lib/form-errors';
import { useUpdateProfile } from '../api/update-profile';
import { DeleteAccountCard } from './delete-account-card';
import { DownloadDataCard } from './download-data-card';
import { SettingsFormCard } from './settings-form-card';
import { SettingsPanelQuery } from './settings-panel-query';

/** Settings → Profile: the full name (editable), the e-mail (read-only), Download my data and the Danger zone. */
export function ProfileSettings() {
  const me = useQuery(meQueryOptions());
  return (
    <SettingsPanelQuery query={me} subject="profile">
      {(user) => (
        <div className="flex flex-col gap-6">
          <ProfileForm user={user} />
          <DownloadDataCard email={user.email} />
          <DeleteAccountCard email={user.email} />
        </div>
      )}
    </SettingsPanelQuery>
  );
}

function ProfileForm({ user }: { user: MeUser }) {
  const updateProfile = useUpdateProfile();
  const form = useForm({ resolver: zodResolver(profileSchema), defaultValues: { fullName: user.fullName ?? '' } });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    updateProfile.mutate(values, {
      onSuccess: (saved) => {
        form.reset({ fullName: saved.fullName ?? '' });
        toast.success('Profile updated', { description: 'Your name has been saved.' });
      },
      onError: (error) => {
        const fullName = serverFieldErrors(error).fullName;
        if (fullName) form.setError('fullName', { type: 'server', message: fullName }, { shouldFocus: true });
        toastError('Error updating profile', error, 'There was an error updating your profile. Please try again.');
      },
    });
  });

  return (
    <SettingsFormCard
      title="Profile"
      description="How you appear in Promptcron and in the e-mails it sends you."
      onSubmit={onSubmit}
      submitLabel="Save Changes"
      busy={updateProfile.isPending}
    >
      <Field id="profile-full-name" label="Full Name" error={errors.fullName?.message}>
        {(control) => <Input {...control} {...form.register('fullName')} autoComplete="name" />}
      </Field>
      <Field id="profile-email" label="Email" hint="Your sign-in address. It cannot be changed here.">
        {(control) => <Input {...control} type="email" value={user.email} readOnly aria-readonly="true" />}
      </Field>
    </SettingsFormCard>
  );
}
