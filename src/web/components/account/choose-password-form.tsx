import { zodResolver } from '@hookform/resolvers/zod';
import { useId, type ReactNode } from 'react';
import { useForm, type UseFormSetError } from 'react-hook-form';
import { choosePasswordSchema, passwordPolicyHint, type ChoosePasswordInput } from '#shared/auth/auth.schema';
import { CardContent, CardFooter } from '../ui/card';
import { Field } from '../ui/field';
import { PasswordInput } from '../ui/password-input';
import { SubmitButton } from '../ui/submit-button';

export type ChoosePasswordFormProps = {
  submitLabel: string;
  busyLabel: string;
  /** Reports its own failures (toasts, `setError` for a field the server rejected); the form only waits for it. */
  onSubmit: (values: ChoosePasswordInput, setError: UseFormSetError<ChoosePasswordInput>) => Promise<void>;
  /** The auth pages write labels in sentence case; Settings writes them in title case, like its other forms. */
  labels?: { password: string; confirmPassword: string };
  /** The auth pages check as the user types; Settings checks on submit, as its change-password form does. */
  validateWhileTyping?: boolean;
  /** 'page': the fields and a full-width button, inside an auth card; 'card': the content and footer of a settings card. */
  layout?: 'page' | 'card';
  /** Shown above the fields. */
  intro?: ReactNode;
};

const sentenceCaseLabels = { password: 'New password', confirmPassword: 'Confirm password' };

/** New password and its confirmation: /reset-password, /set-password and Settings → Security (first password). */
export function ChoosePasswordForm({
  submitLabel,
  busyLabel,
  onSubmit,
  labels = sentenceCaseLabels,
  validateWhileTyping = true,
  layout = 'page',
  intro,
}: ChoosePasswordFormProps) {
  const id = useId();
  const {
    register,
    handleSubmit,
    trigger,
    getFieldState,
    setError,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm({
    resolver: zodResolver(choosePasswordSchema),
    mode: validateWhileTyping ? 'onChange' : 'onSubmit',
    defaultValues: { password: '', confirmPassword: '' },
  });

  const fields = (
    <>
      {intro}
      <Field id={`${id}-password`} label={labels.password} hint={passwordPolicyHint} error={errors.password?.message}>
        {(control) => (
          <PasswordInput
            {...control}
            {...register('password', {
              // Once a confirmation was typed (and checked), changing the password can make it match or stop
              // matching. Before that, "Passwords do not match" would scold a field the user has not reached yet.
              onChange: () => {
                if (getFieldState('confirmPassword').isDirty && (validateWhileTyping || isSubmitted)) void trigger('confirmPassword');
              },
            })}
            autoComplete="new-password"
          />
        )}
      </Field>
      <Field id={`${id}-confirm`} label={labels.confirmPassword} error={errors.confirmPassword?.message}>
        {(control) => <PasswordInput {...control} {...register('confirmPassword')} autoComplete="new-password" />}
      </Field>
    </>
  );
  const submit = <SubmitButton busy={isSubmitting} label={submitLabel} busyLabel={busyLabel} block={layout === 'page'} />;
  const onValid = handleSubmit((values) => onSubmit(values, setError));

  if (layout === 'card') {
    return (
      <form noValidate onSubmit={onValid}>
        <CardContent className="flex flex-col gap-5">{fields}</CardContent>
        <CardFooter>{submit}</CardFooter>
      </form>
    );
  }
  return (
    <form noValidate onSubmit={onValid} className="flex flex-col gap-5">
      {fields}
      {submit}
    </form>
  );
}
