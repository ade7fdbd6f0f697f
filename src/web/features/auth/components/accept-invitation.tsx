import { RotateCw } from 'lucide-react';
import { useCallback, useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { buttonClassName, Button } from '#web/components/ui/button';
import { paths } from '#web/config/paths';
import { ApiError } from '#web/lib/api-client';
import { errorMessage } from '#web/lib/form-errors';
import { useAcceptInvitation } from '../api/accept-invitation';
import { useLinkTokenCheck } from '../api/check-link-token';
import { AuthCard, AuthPending } from './auth-card';
import { InvalidLinkRedirect, notifyInvalidPasswordLink } from './invalid-link';

function isInvalidLink(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'invalid_token';
}

/**
 * Checks the invitation link when opened and, if it is still good, signs the invited person in, then drops the spent
 * token from the address so a reload does not try it again. Once signed in, the set-password screen asks for their
 * first password.
 */
export function AcceptInvitation({ token }: { token: string }) {
  const navigate = useNavigate();
  const { mutateAsync, isError, error } = useAcceptInvitation();
  // Checked before accepting: a spent link is explained once, and whoever is signed in here stays signed in.
  const check = useLinkTokenCheck('invitation', token);
  const knownSpent = check.data === false;

  const accept = useCallback(() => {
    mutateAsync(token).then(
      () => navigate(paths.setPassword, { replace: true }),
      (failure: unknown) => {
        if (!isInvalidLink(failure)) return;
        notifyInvalidPasswordLink();
        return navigate(paths.forgotPassword, { replace: true });
      },
    );
  }, [mutateAsync, navigate, token]);

  useEffect(() => {
    if (!check.isPending && !knownSpent) accept();
  }, [accept, check.isPending, knownSpent]);

  if (knownSpent) return <InvalidLinkRedirect />;
  if (!isError || isInvalidLink(error)) return <AuthPending label="Verifying your invitation..." />;

  // A network failure or a server error says nothing about the link, so it is worth another try.
  return (
    <AuthCard title="We could not verify your invitation" description={errorMessage(error, 'Please check your connection and try again.')}>
      <div className="flex flex-col gap-3">
        <Button size="lg" className="w-full" onClick={accept}>
          <RotateCw aria-hidden="true" className="size-4" />
          Try again
        </Button>
        <Link to={paths.login} className={buttonClassName({ variant: 'secondary', size: 'lg', className: 'w-full' })}>
          Back to login
        </Link>
      </div>
    </AuthCard>
  );
}
