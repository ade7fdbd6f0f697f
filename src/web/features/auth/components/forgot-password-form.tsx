import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '#web/lib/toast';
import { forgotPasswordSchema } from '#shared/auth/auth.schema';
import { EmailInput } from '#web/components/ui/email-input';
import { Field } from '#web/components/ui/field';
import { errorMessage } from '#web/lib/form-errors';
import { isRateLimitError, useRequestPasswordReset } from '../api/request-password-reset';
import { SubmitButton } from '#web/components/ui/submit-button';

type ForgotPasswordFormProps = {
  /** Called with the address the link went to. */
  onSent: (email: string) => void;
};

/** Asks for a reset link. The request retries rate limits and network failures by itself, so the button stays busy meanwhile. */
export function ForgotPasswordForm({ onSent }: ForgotPasswordFormProps) {
  const id = useId();
  const requestReset = useRequestPasswordReset();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(forgotPasswordSchema), mode: 'onChange', defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await requestReset.mutateAsync(values);
      toast.success('Reset link sent');
      onSent(values.email);
    } catch (error) {
      toast.error(
        isRateLimitError(error)
          ? 'Email rate limit reached. Please wait a moment and try again.'
          : errorMessage(error, 'There was an error sending the reset link. Please try again.'),
      );
    }
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
