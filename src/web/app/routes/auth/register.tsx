import { Link, Navigate, useLocation } from 'react-router';
import { paths } from '#web/config/paths';
import { AuthCard, AuthPending } from '#web/features/auth/components/auth-card';
import { RegisterForm } from '#web/features/auth/components/register-form';
import { useAuth } from '#web/lib/auth';
import { returnDestination } from '#web/lib/return-to';
import { formatDocumentTitle, useDocumentTitle } from '#web/lib/use-document-title';

export function RegisterRoute() {
  useDocumentTitle(formatDocumentTitle('Create an account'));
  const auth = useAuth();
  const location = useLocation();

  if (auth.status === 'loading') return <AuthPending />;
  // A successful sign-up signs the account in, so this also takes new users on: back to the page that sent them here
  // (an invitation's), or to their dashboard.
  if (auth.status === 'signed-in') return <Navigate to={returnDestination(location.state)} replace />;

  return (
    <AuthCard
      title="Create an account"
      description="Automate your workflow with AI-powered scheduled tasks."
      footer={
        <>
          Already have an account?{' '}
          <Link
            to={paths.login}
            state={location.state as unknown}
            className="rounded font-semibold text-indigo-600 hover:text-indigo-700 hover:underline"
          >
            Sign in
          </Link>
        </>
      }
    >
      <RegisterForm />
    </AuthCard>
  );
}
