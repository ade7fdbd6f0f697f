import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { choosePasswordSchema, passwordPolicyHint, type ChoosePasswordInput } from '#shared/auth/auth.schema';
import { Field } from '../../../components/ui/field';
import { PasswordInput } from '../../../components/ui/password-input';
import { SubmitButton } from './submit-button';

type ChoosePasswordFormProps = {
  submitLabel: string;
  busyLabel: string;
  /** Reports its own failures (toasts); the form only waits for it. */
  onSubmit: (values: ChoosePasswordInput) => Promise<void>;
};

/** New password and its confirmation, for /reset-password and /set-password. */
export function ChoosePasswordForm({ submitLabel, busyLabel, onSubmit }: ChoosePasswordFormProps) {
  const id = useId();
  const {
    register,
    handleSubmit,
    trigger,
    getFieldState,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(choosePasswordSchema), mode: 'onChange', defaultValues: { password: '', confirmPassword: '' } });

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="flex flex-col gap-5">
      <Field id={`${id}-password`} label="New password" hint={passwordPolicyHint} error={errors.password?.message}>
        {(control) => (
          <PasswordInput
            {...control}
            {...register('password', {
              // Once a confirmation was typed, changing the password can make it match or stop matching. Before
              // that, "Passwords do not match" would scold a field the user has not reached yet.
              onChange: () => {
                if (getFieldState('confirmPassword').isDirty) void trigger('confirmPassword');
              },
            })}
            autoComplete="new-password"
          />
        )}
      </Field>
      <Field id={`${id}-confirm`} label="Confirm password" error={errors.confirmPassword?.message}>
        {(control) => <PasswordInput {...control} {...register('confirmPassword')} autoComplete="new-password" />}
      </Field>
      <SubmitButton busy={isSubmitting} label={submitLabel} busyLabel={busyLabel} />
    </form>
  );
}
