import { toast } from 'sonner';
import { errorMessage } from '../../../lib/form-errors';
import { useSetPassword } from '../api/set-password';
import { ChoosePasswordForm } from './choose-password-form';

/**
 * An invited user's first password. Success updates the signed-in user, which no longer needs a password, so the
 * set-password route stops showing this form and moves on to the dashboard.
 */
export function SetPasswordForm() {
  const setPassword = useSetPassword();

  return (
    <ChoosePasswordForm
      submitLabel="Set Password"
      busyLabel="Setting password..."
      onSubmit={async ({ password }) => {
        try {
          await setPassword.mutateAsync({ password });
          toast.success('Password set successfully');
        } catch (error) {
          toast.error('Failed to set password', {
            description: errorMessage(error, 'There was an error setting your password. Please try again.'),
          });
        }
      }}
    />
  );
}
