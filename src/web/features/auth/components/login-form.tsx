import { Link } from 'react-router';
import { loginSchema } from '#shared/auth/auth.schema';
import { EmailInput } from '#web/components/ui/email-input';
import { Field } from '#web/components/ui/field';
import { PasswordInput } from '#web/components/ui/password-input';
import { paths } from '#web/config/paths';
import { errorMessage } from '#web/lib/form-errors';
import { useSignIn } from '../api/sign-in';
import { useAuthForm } from '../lib/use-auth-form';
import { SubmitButton } from '#web/components/ui/submit-button';

/**
 * Email and password. Success only loads the user: the login route sees the signed-in state and moves on, to the
 * page the visitor was sent away from or to the dashboard.
 */
export function LoginForm() {
  const signIn = useSignIn();
  const { id, register, errors, isSubmitting, onSubmit } = useAuthForm({
    schema: loginSchema,
    defaultValues: { email: '', password: '' },
    submit: signIn.mutateAsync,
    successMessage: 'Login successful',
    // 401 and 429 both carry a message meant for the user ("Too many attempts…" says when to try again).
    failureMessage: (error) => errorMessage(error, 'Invalid email or password. Please try again.'),
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <Field id={`${id}-email`} label="Email" error={errors.email?.message}>
        {(control) => <EmailInput {...control} {...register('email')} autoComplete="username" />}
      </Field>
      <div className="flex flex-col gap-2">
        <Field id={`${id}-password`} label="Password" error={errors.password?.message}>
          {(control) => <PasswordInput {...control} {...register('password')} autoComplete="current-password" />}
        </Field>
        <Link
          to={paths.forgotPassword}
          className="self-end rounded text-sm font-medium text-indigo-600 hover:text-indigo-700 hover:underline"
        >
          Forgot password?
        </Link>
      </div>
      <SubmitButton busy={isSubmitting} label="Sign In" busyLabel="Signing in..." />
    </form>
  );
}
