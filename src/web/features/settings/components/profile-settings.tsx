import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { toast } from '#web/lib/toast';
import { profileSchema } from '#shared/auth/auth.schema';
import type { MeUser } from '#shared/auth/me.schema';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader } from '#web/components/ui/card';
import { Field } from '#web/components/ui/field';
import { Input } from '#web/components/ui/input';
import { LoadError } from '#web/components/ui/load-error';
import { meQueryOptions } from '#web/lib/auth';
import { errorMessage, serverFieldErrors } from '#web/lib/form-errors';
import { useUpdateProfile } from '../api/update-profile';
import { DeleteAccountCard } from './delete-account-card';
import { DownloadDataCard } from './download-data-card';
import { SettingsPanelSkeleton } from './settings-panel-skeleton';

/** Settings → Profile: the full name (editable), the e-mail (read-only), Download my data and the Danger zone. */
export function ProfileSettings() {
  const me = useQuery(meQueryOptions());

  if (me.isPending) return <SettingsPanelSkeleton label="Loading your profile..." />;
  if (me.isError || !me.data) {
    return (
      <LoadError
        title="Your profile could not be loaded."
        message={
          me.isError ? errorMessage(me.error, 'Check your connection and try again.') : 'Your session has ended. Please sign in again.'
        }
        onRetry={() => void me.refetch()}
        retrying={me.isFetching}
      />
    );
  }
  return (
    <div className="flex flex-col gap-6">
      <ProfileForm user={me.data} />
      <DownloadDataCard email={me.data.email} />
      <DeleteAccountCard email={me.data.email} />
    </div>
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
        toast.error('Error updating profile', {
          description: errorMessage(error, 'There was an error updating your profile. Please try again.'),
        });
      },
    });
  });

  return (
    <Card aria-labelledby="profile-settings-title">
      <form onSubmit={onSubmit} noValidate>
        <CardHeader
          titleId="profile-settings-title"
          title="Profile"
          description="How you appear in Promptcron and in the e-mails it sends you."
        />
        <CardContent className="flex flex-col gap-5">
          <Field id="profile-full-name" label="Full Name" error={errors.fullName?.message}>
            {(control) => <Input {...control} {...form.register('fullName')} autoComplete="name" />}
          </Field>
          <Field id="profile-email" label="Email" hint="Your sign-in address. It cannot be changed here.">
            {(control) => <Input {...control} type="email" value={user.email} readOnly aria-readonly="true" />}
          </Field>
        </CardContent>
        <CardFooter>
          <Button type="submit" disabled={updateProfile.isPending}>
            {updateProfile.isPending ? 'Saving...' : 'Save Changes'}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
