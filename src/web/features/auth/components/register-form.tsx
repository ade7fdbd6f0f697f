import { CircleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { passwordPolicyHint, registerSchema } from '#shared/auth/auth.schema';
import { EmailInput } from '#web/components/ui/email-input';
import { Field } from '#web/components/ui/field';
import { Input } from '#web/components/ui/input';
import { PasswordInput } from '#web/components/ui/password-input';
import { paths } from '#web/config/paths';
import { errorMessage } from '#web/lib/form-errors';
import { useSignUp } from '../api/sign-up';
import { useAuthForm } from '../lib/use-auth-form';
import { SubmitButton } from '#web/components/ui/submit-button';

const legalLinkClassName = 'rounded font-medium text-indigo-600 underline-offset-2 hover:text-indigo-700 hover:underline';

/** Full name, email, password and the terms. Success signs the account in; the register route then moves on. */
export function RegisterForm() {
  const signUp = useSignUp();
  const { id, register, errors, isSubmitting, onSubmit } = useAuthForm({
    schema: registerSchema,
    defaultValues: { fullName: '', email: '', password: '', acceptTerms: false },
    submit: signUp.mutateAsync,
    successMessage: 'Registration successful',
    failureMessage: (error) => errorMessage(error, 'There was an error creating your account. Please try again.'),
  });

  const termsErrorId = `${id}-terms-error`;

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <Field id={`${id}-name`} label="Full name" error={errors.fullName?.message}>
        {(control) => <Input {...control} {...register('fullName')} autoComplete="name" placeholder="Ada Lovelace" />}
      </Field>
      <Field id={`${id}-email`} label="Email" error={errors.email?.message}>
        {(control) => <EmailInput {...control} {...register('email')} />}
      </Field>
      <Field id={`${id}-password`} label="Password" hint={passwordPolicyHint} error={errors.password?.message}>
        {(control) => <PasswordInput {...control} {...register('password')} autoComplete="new-password" />}
      </Field>
      <div className="flex flex-col gap-1.5">
        <div className="flex items-start gap-3">
          <input
            id={`${id}-terms`}
            type="checkbox"
            {...register('acceptTerms')}
            aria-invalid={Boolean(errors.acceptTerms)}
            aria-describedby={errors.acceptTerms ? termsErrorId : undefined}
            className="mt-0.5 size-4 shrink-0 cursor-pointer rounded border-slate-300 accent-indigo-600"
          />
          <label htmlFor={`${id}-terms`} className="text-sm text-slate-700">
            I agree to the {/* New tabs, so reading the terms does not throw away what was typed here. */}
            <Link to={paths.terms} target="_blank" rel="noopener noreferrer" className={legalLinkClassName}>
              Terms of Service<span className="sr-only"> (opens in a new tab)</span>
            </Link>{' '}
            and{' '}
            <Link to={paths.privacy} target="_blank" rel="noopener noreferrer" className={legalLinkClassName}>
              Privacy Policy<span className="sr-only"> (opens in a new tab)</span>
            </Link>
          </label>
        </div>
        {errors.acceptTerms ? (
          <p id={termsErrorId} className="flex items-start gap-1.5 text-sm text-red-600">
            <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {errors.acceptTerms.message}
          </p>
        ) : null}
      </div>
      <SubmitButton busy={isSubmitting} label="Create Account" busyLabel="Creating account..." />
    </form>
  );
}
