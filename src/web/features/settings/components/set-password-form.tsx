import { zodResolver } from '@hookform/resolvers/zod';
import { Info } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { choosePasswordSchema, passwordPolicyHint, type ChoosePasswordInput } from '#shared/auth/auth.schema';
import { productName } from '#shared/product';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardFooter, CardHeader } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { PasswordInput } from '../../../components/ui/password-input';
import { errorMessage, serverFieldErrors } from '../../../lib/form-errors';
import { useSetPassword } from '../api/set-password';

const emptyValues: ChoosePasswordInput = { password: '', confirmPassword: '' };

/** The first password of an invited account; once it is set, the Security tab shows the change form instead. */
export function SetPasswordForm() {
  const setPassword = useSetPassword();
  const form = useForm({ resolver: zodResolver(choosePasswordSchema), defaultValues: emptyValues });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(({ password }) => {
    setPassword.mutate(
      { password },
      {
        onSuccess: () => {
          toast.success('Password set successfully', { description: 'You can now sign in with your email address and this password.' });
        },
        onError: (error) => {
          const message = serverFieldErrors(error).password;
          if (message) form.setError('password', { type: 'server', message }, { shouldFocus: true });
          toast.error('Error setting password', {
            description: errorMessage(error, 'There was an error setting your password. Please try again.'),
          });
        },
      },
    );
  });

  return (
    <Card aria-labelledby="set-password-title">
      <form onSubmit={onSubmit} noValidate>
        <CardHeader titleId="set-password-title" title="Set Password" description="Choose the password for your account." />
        <CardContent className="flex flex-col gap-5">
          <div className="flex gap-3 rounded-lg border border-indigo-100 bg-indigo-50 p-4 text-sm text-indigo-900">
            <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-indigo-600" />
            <div className="flex flex-col gap-1">
              <p className="font-semibold">Welcome to {productName}!</p>
              <p>You joined through an invitation. Set a password so you can sign in with your email address next time.</p>
            </div>
          </div>
          <Field id="set-new-password" label="New Password" hint={passwordPolicyHint} error={errors.password?.message}>
            {(control) => <PasswordInput {...control} {...form.register('password')} autoComplete="new-password" />}
          </Field>
          <Field id="set-confirm-password" label="Confirm Password" error={errors.confirmPassword?.message}>
            {(control) => <PasswordInput {...control} {...form.register('confirmPassword')} autoComplete="new-password" />}
          </Field>
        </CardContent>
        <CardFooter>
          <Button type="submit" disabled={setPassword.isPending}>
            {setPassword.isPending ? 'Setting...' : 'Set Password'}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
