import { KeyRound } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { emailSchema } from '#shared/auth/auth.schema';
import { paths } from '#web/config/paths';
import { Button } from '#web/components/ui/button';
import { Field } from '#web/components/ui/field';
import { Input } from '#web/components/ui/input';
import { errorMessage } from '#web/lib/form-errors';
import { startSsoSignIn } from '../api/sso-sign-in';

/**
 * "Use single sign-on" under the password form: a work e-mail, then off to the organisation's identity provider, which
 * sends the browser back to the dashboard signed in, or to the login page with why not. Not "Sign in with…": the form's own button is "Sign In", and one
 * name must not contain the other.
 */
export function SsoSignIn({ navigate = (url: string) => window.location.assign(url) }: { navigate?: (url: string) => void }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    setPending(true);
    try {
      // A refusal (an address outside the organisation's domain, say) comes back to this page, which shows it.
      const { origin } = window.location;
      navigate(
        await startSsoSignIn(parsed.data, { callbackURL: `${origin}${paths.dashboard}`, errorCallbackURL: `${origin}${paths.login}` }),
      );
    } catch (failure) {
      setError(errorMessage(failure, 'Single sign-on could not be started. Please try again.'));
      setPending(false);
    }
  };

  if (!open)
    return (
      <Button type="button" variant="secondary" className="mt-4 w-full" onClick={() => setOpen(true)}>
        <KeyRound aria-hidden="true" className="size-4" />
        Use single sign-on
      </Button>
    );
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} aria-label="Single sign-on" className="mt-4 flex flex-col gap-3">
      <Field id={`${id}-email`} label="Work e-mail" hint="You continue at your organisation's sign-in page." error={error}>
        {(control) => (
          <Input
            {...control}
            type="email"
            autoComplete="email"
            autoFocus
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        )}
      </Field>
      <Button type="submit" disabled={pending}>
        {pending ? 'Redirecting...' : 'Continue with SSO'}
      </Button>
    </form>
  );
}
