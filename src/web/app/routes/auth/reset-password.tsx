import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { AuthCard } from '../../../features/auth/components/auth-card';
import { InvalidLinkRedirect, notifyInvalidPasswordLink } from '../../../features/auth/components/invalid-link';
import { ResetPasswordForm } from '../../../features/auth/components/reset-password-form';
import { formatDocumentTitle, useDocumentTitle } from '../../../lib/use-document-title';

/** Reached from the reset e-mail through /set-password?action=password.reset&token=… (ARCHITECTURE section 9). */
export function ResetPasswordRoute() {
  useDocumentTitle(formatDocumentTitle('Reset password'));
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const token = searchParams.get('token');

  if (!token) return <InvalidLinkRedirect />;

  return (
    <AuthCard title="Reset your password" description="Choose a new password for your account.">
      <ResetPasswordForm
        token={token}
        onReset={() => void navigate(paths.login, { replace: true })}
        onInvalidLink={() => {
          notifyInvalidPasswordLink();
          void navigate(paths.forgotPassword, { replace: true });
        }}
      />
    </AuthCard>
  );
}
