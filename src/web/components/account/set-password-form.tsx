import { toast } from '../../lib/toast';
import { errorMessage, serverFieldErrors } from '../../lib/form-errors';
import { useSetPassword } from '../../lib/set-password';
import { ChoosePasswordForm, type ChoosePasswordFormProps } from './choose-password-form';

type SetPasswordFormProps = Omit<ChoosePasswordFormProps, 'submitLabel' | 'onSubmit'> & {
  /** The failure toast's title: "Failed to set password" on /set-password, "Error setting password" in Settings (spec section 8). */
  errorTitle: string;
  /** Said under "Password set successfully" where the user stays on the page (Settings). */
  successDescription?: string;
};

/**
 * The first password of an account that has none (an invited user), for /set-password and Settings → Security.
 * Success stores the updated user, which no longer needs a password: /set-password moves on to the dashboard and the
 * Security tab shows the change-password form instead.
 */
export function SetPasswordForm({ errorTitle, successDescription, ...formProps }: SetPasswordFormProps) {
  const setPassword = useSetPassword();

  return (
    <ChoosePasswordForm
      {...formProps}
      submitLabel="Set Password"
      onSubmit={async ({ password }, setError) => {
        try {
          await setPassword.mutateAsync({ password });
          toast.success('Password set successfully', successDescription ? { description: successDescription } : undefined);
        } catch (error) {
          const message = serverFieldErrors(error).password;
          if (message) setError('password', { type: 'server', message }, { shouldFocus: true });
          toast.error(errorTitle, {
            description: errorMessage(error, 'There was an error setting your password. Please try again.'),
          });
        }
      }}
    />
  );
}
