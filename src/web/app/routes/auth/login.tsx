import { Link, Navigate, useLocation } from 'react-router';
import { paths } from '#web/config/paths';
import { AuthCard, AuthPending } from '#web/features/auth/components/auth-card';
import { LoginForm } from '#web/features/auth/components/login-form';
import { useAuth } from '#web/lib/auth';
import { returnDestination } from '#web/lib/return-to';
import { formatDocumentTitle, useDocumentTitle } from '#web/lib/use-document-title';

export function LoginRoute() {
  useDocumentTitle(formatDocumentTitle('Sign in'));
  const auth = useAuth();
  const location = useLocation();

  if (auth.status === 'loading') return <AuthPending />;
  // Both a signed-in visitor and a successful sign-in end here: back to where a guard sent them from, or the dashboard.
  if (auth.status === 'signed-in') return <Navigate to={returnDestination(location.state)} replace />;

  return (
    <AuthCard
      title="Welcome back"
      description="Sign in to manage your scheduled AI tasks."
      footer={
        <>
          Don&apos;t have an account?{' '}
          <Link to={paths.register} className="rounded font-semibold text-indigo-600 hover:text-indigo-700 hover:underline">
            Sign up
          </Link>
        </>
      }
    >
      <LoginForm />
    </AuthCard>
  );
}
