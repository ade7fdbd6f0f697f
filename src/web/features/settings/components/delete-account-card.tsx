import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { deleteAccountInputSchema, type DeleteAccountInput } from '#shared/account/delete-account.schema';
import { EmailInput } from '#web/components/ui/email-input';
import { Field } from '#web/components/ui/field';
import { PasswordInput } from '#web/components/ui/password-input';
import type { AccountDeletedState } from '#web/app/routes/account-deleted';
import { paths } from '#web/config/paths';
import { clearSession } from '#web/lib/auth';
import { serverFieldErrors } from '#web/lib/form-errors';
import { toastError } from '#web/lib/toast';
import { useDeleteAccount } from '../api/delete-account';
import { SettingsFormCard } from './settings-form-card';

const emptyValues: DeleteAccountInput = { email: '', password: '' };

/**
 * Settings → Profile → Danger zone (issue 24). Typing the account's e-mail and the current password is the
 * confirmation: no second dialog, since nobody types both by accident.
 */
export function DeleteAccountCard({ email }: { email: string }) {
  const deleteAccount = useDeleteAccount();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const form = useForm({ resolver: zodResolver(deleteAccountInputSchema), defaultValues: emptyValues });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    deleteAccount.mutate(values, {
      onSuccess: async () => {
        // Leave the signed-in pages before the session is forgotten, as logging out does (lib/use-logout.ts), or their
        // guard would overtake this navigation with a redirect to /login.
        const deleted: AccountDeletedState = { accountDeleted: true };
        await navigate(paths.accountDeleted, { replace: true, state: deleted });
        await navigate(paths.accountDeleted, { replace: true, state: deleted, flushSync: true });
        clearSession(queryClient);
      },
      onError: (error) => {
        const fields = serverFieldErrors(error);
        if (fields.email) form.setError('email', { type: 'server', message: fields.email }, { shouldFocus: true });
        if (fields.password) form.setError('password', { type: 'server', message: fields.password }, { shouldFocus: !fields.email });
        toastError('Your account was not deleted', error, 'There was an error deleting your account. Please try again.');
      },
    });
  });

  return (
    <SettingsFormCard
      title={<span className="text-red-700">Danger zone</span>}
      description="Delete your account with its tasks, runs, results, settings and API keys. A paid subscription is cancelled. This cannot be undone."
      onSubmit={onSubmit}
      submitLabel="Delete my account"
      busyLabel="Deleting..."
      busy={deleteAccount.isPending}
      submitVariant="danger"
      className="border-red-200"
    >
      <Field
        id="delete-account-email"
        label="Type your e-mail to confirm"
        hint={`Your sign-in address: ${email}`}
        error={errors.email?.message}
      >
        {(control) => <EmailInput {...control} {...form.register('email')} autoComplete="off" />}
      </Field>
      <Field id="delete-account-password" label="Current Password" error={errors.password?.message}>
        {(control) => <PasswordInput {...control} {...form.register('password')} autoComplete="current-password" />}
      </Field>
    </SettingsFormCard>
  );
}
