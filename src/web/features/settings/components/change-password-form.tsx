import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast, toastError } from '#web/lib/toast';
import { changePasswordSchema, passwordPolicyHint, type ChangePasswordInput } from '#shared/auth/auth.schema';
import { Field } from '#web/components/ui/field';
import { PasswordInput } from '#web/components/ui/password-input';
import { ApiError } from '#web/lib/api-client';
import { serverFieldErrors } from '#web/lib/form-errors';
import { invalidPasswordCode, useChangePassword } from '../api/change-password';
import { SettingsFormCard } from './settings-form-card';

const emptyValues: ChangePasswordInput = { currentPassword: '', newPassword: '', confirmPassword: '' };
const wrongCurrentPassword = 'The current password you entered is incorrect.';

export function ChangePasswordForm() {
  const changePassword = useChangePassword();
  const form = useForm({ resolver: zodResolver(changePasswordSchema), defaultValues: emptyValues });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    changePassword.mutate(values, {
      onSuccess: () => {
        // Passwords should not linger in the page once they have done their job.
        form.reset(emptyValues);
        toast.success('Password updated', { description: 'Your other sessions have been signed out.' });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === invalidPasswordCode) {
          form.setError('currentPassword', { type: 'server', message: wrongCurrentPassword }, { shouldFocus: true });
          toast.error('Invalid current password', { description: wrongCurrentPassword });
          return;
        }
        for (const [field, message] of Object.entries(serverFieldErrors(error))) {
          if (field === 'currentPassword' || field === 'newPassword') form.setError(field, { type: 'server', message });
        }
        toastError('Error updating password', error, 'There was an error updating your password. Please try again.');
      },
    });
  });

  return (
    <SettingsFormCard
      title="Change Password"
      description="Enter your current password, then choose a new one. Your other sessions are signed out afterwards."
      onSubmit={onSubmit}
      submitLabel="Update Password"
      busyLabel="Updating..."
      busy={changePassword.isPending}
    >
      <Field id="current-password" label="Current Password" error={errors.currentPassword?.message}>
        {(control) => <PasswordInput {...control} {...form.register('currentPassword')} autoComplete="current-password" />}
      </Field>
      <Field id="new-password" label="New Password" hint={passwordPolicyHint} error={errors.newPassword?.message}>
        {(control) => <PasswordInput {...control} {...form.register('newPassword')} autoComplete="new-password" />}
      </Field>
      <Field id="confirm-password" label="Confirm Password" error={errors.confirmPassword?.message}>
        {(control) => <PasswordInput {...control} {...form.register('confirmPassword')} autoComplete="new-password" />}
      </Field>
    </SettingsFormCard>
  );
}
