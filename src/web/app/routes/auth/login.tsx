import { useState } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { paths } from '#web/config/paths';
import { AuthCard, AuthPending } from '#web/features/auth/components/auth-card';
import { LoginForm } from '#web/features/auth/components/login-form';
import { ssoFailureMessage } from '#web/features/auth/api/sso-sign-in';
import { SsoSignIn } from '#web/features/auth/components/sso-sign-in';
import { useSiteConfig } from '#web/features/site/api/get-site-config';
import { useAuth, useSessionEndReason } from '#web/lib/auth';
import { returnDestination } from '#web/lib/return-to';
import { formatDocumentTitle, useDocumentTitle } from '#web/lib/use-document-title';

export function LoginRoute() {
  useDocumentTitle(formatDocumentTitle('Sign in'));
  const auth = useAuth();
  const location = useLocation();
  const endReason = useSessionEndReason();
  // Kept from the first render: the cache drops the reason after a few minutes unobserved, and the message must not
  // vanish while the user is still reading the page.
  const [suspended] = useState(endReason === 'suspended');
  // A refused single sign-on comes back here with its reason in the query (ADR 0143).
  const [ssoFailure] = useState(() => ssoFailureMessage(new URLSearchParams(location.search)));

  if (auth.status === 'loading') return <AuthPending />;
  // Both a signed-in visitor and a successful sign-in end here: back to where a guard sent them from, or the dashboard.
  if (auth.status === 'signed-in') return <Navigate to={returnDestination(location.state)} replace />;

  return (
    <AuthCard
      title="Welcome back"
      description="Sign in to manage your scheduled AI tasks."
      footer={
        <>
          Don&apos;t have an account? {/* Whatever page sent the visitor to sign in is where signing up leads too. */}
          <Link
            to={paths.register}
            state={location.state as unknown}
            className="rounded font-semibold text-indigo-600 hover:text-indigo-700 hover:underline"
          >
            Sign up
          </Link>
        </>
      }
    >
      {suspended ? <SuspendedNotice /> : null}
      {ssoFailure ? (
        <p role="alert" className="mb-5 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {ssoFailure}
        </p>
      ) : null}
      <LoginForm />
      <SsoSignIn />
    </AuthCard>
  );
}

/**
 * Why a session ended by a suspension: stays on the page rather than in a toast, because the user cannot sign in and
 * needs the support address, which a 4-second toast took away before it could be copied.
 */
function SuspendedNotice() {
  const siteConfig = useSiteConfig();
  const supportEmail = siteConfig.data?.supportEmail;
  return (
    <p role="alert" className="mb-5 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
      <span>Your account has been suspended. Contact support.</span>
      {supportEmail ? (
        <>
          {' '}
          <a href={`mailto:${supportEmail}`} className="font-semibold break-all underline underline-offset-2">
            {supportEmail}
          </a>
        </>
      ) : null}
    </p>
  );
}
