import { Navigate, useSearchParams } from 'react-router';
import { mustSetPassword, passwordLinkActions } from '#shared/auth/me.schema';
import { SetPasswordForm } from '#web/components/account/set-password-form';
import { paths } from '#web/config/paths';
import { AcceptInvitation } from '#web/features/auth/components/accept-invitation';
import { AuthCard, AuthPending } from '#web/features/auth/components/auth-card';
import { InvalidLinkRedirect } from '#web/features/auth/components/invalid-link';
import { WelcomeNotice } from '#web/features/auth/components/welcome-notice';
import { useAuth } from '#web/lib/auth';
import { formatDocumentTitle, useDocumentTitle } from '#web/lib/use-document-title';

/**
 * Where password e-mails lead (spec section 4, ARCHITECTURE section 9):
 * - action=password.reset&token=T forwards to /reset-password?token=T;
 * - action=password.set&token=T (an invitation) signs the invited person in, then asks for their first password;
 * - a signed-in user who must set a password gets the form; one who has a password goes to the dashboard;
 * - anyone else has no business here and is sent to request a reset link.
 */
export function SetPasswordRoute() {
  useDocumentTitle(formatDocumentTitle('Set password'));
  const [searchParams] = useSearchParams();
  const auth = useAuth();
  const action = searchParams.get('action');
  const token = searchParams.get('token');

  if (action === passwordLinkActions.reset) {
    const target = token ? `${paths.resetPassword}?${new URLSearchParams({ token }).toString()}` : paths.resetPassword;
    return <Navigate to={target} replace />;
  }

  if (auth.status === 'loading') return <AuthPending />;

  // Checked before the invitation: after accepting it the user is here already, and the spent token may still be in
  // the address (another tab, a reload), where accepting it again would fail.
  if (auth.status === 'signed-in' && mustSetPassword(auth.user)) {
    return (
      <AuthCard title="Set your password" description="Choose the password you will use to sign in.">
        <WelcomeNotice email={auth.user.email} />
        <SetPasswordForm busyLabel="Setting password..." errorTitle="Failed to set password" />
      </AuthCard>
    );
  }

  if (action === passwordLinkActions.set && token) return <AcceptInvitation token={token} />;

  // After a successful set-password the refreshed user lands here too, which hides the form (spec section 4).
  if (auth.status === 'signed-in') return <Navigate to={paths.dashboard} replace />;

  return <InvalidLinkRedirect />;
}
