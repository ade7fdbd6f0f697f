import { forgotPasswordSchema } from '#shared/auth/auth.schema';
import { EmailInput } from '#web/components/ui/email-input';
import { Field } from '#web/components/ui/field';
import { errorMessage } from '#web/lib/form-errors';
import { isRateLimitError, useRequestPasswordReset } from '../api/request-password-reset';
import { useAuthForm } from '../lib/use-auth-form';
import { SubmitButton } from '#web/components/ui/submit-button';

type ForgotPasswordFormProps = {
  /** Called with the address the link went to. */
  onSent: (email: string) => void;
};

/** Asks for a reset link. The request retries rate limits and network failures by itself, so the button stays busy meanwhile. */
export function ForgotPasswordForm({ onSent }: ForgotPasswordFormProps) {
  const requestReset = useRequestPasswordReset();
  const { id, register, errors, isSubmitting, onSubmit } = useAuthForm({
    schema: forgotPasswordSchema,
    defaultValues: { email: '' },
    submit: async (values) => {
      await requestReset.mutateAsync(values);
      onSent(values.email);
    },
    successMessage: 'Reset link sent',
    failureMessage: (error) =>
      isRateLimitError(error)
        ? 'Email rate limit reached. Please wait a moment and try again.'
        : errorMessage(error, 'There was an error sending the reset link. Please try again.'),
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <Field id={`${id}-email`} label="Email" error={errors.email?.message}>
        {(control) => <EmailInput {...control} {...register('email')} />}
      </Field>
      <SubmitButton busy={isSubmitting} label="Send Reset Link" busyLabel="Sending..." />
    </form>
  );
}
