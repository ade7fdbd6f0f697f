import { toast, toastError } from '#web/lib/toast';
import { ApiError } from '#web/lib/api-client';
import { useResetPassword } from '../api/reset-password';
import { ChoosePasswordForm } from '#web/components/account/choose-password-form';

type ResetPasswordFormProps = {
  token: string;
  /** The reset signed the account out everywhere; the caller sends the user to sign in with the new password. */
  onReset: () => void;
  /** The link's token is spent or expired. */
  onInvalidLink: () => void;
};

export function ResetPasswordForm({ token, onReset, onInvalidLink }: ResetPasswordFormProps) {
  const resetPassword = useResetPassword();

  return (
    <ChoosePasswordForm
      submitLabel="Reset Password"
      busyLabel="Resetting..."
      onSubmit={async ({ password }) => {
        try {
          await resetPassword.mutateAsync({ token, newPassword: password });
          toast.success('Password reset successful');
          onReset();
        } catch (error) {
          if (error instanceof ApiError && error.code === 'invalid_token') {
            onInvalidLink();
            return;
          }
          toastError('Error resetting password', error, 'There was an error resetting your password. Please try again.');
        }
      }}
    />
  );
}
