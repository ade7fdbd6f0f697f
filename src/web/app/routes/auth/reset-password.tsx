import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '#web/config/paths';
import { useLinkTokenCheck } from '#web/features/auth/api/check-link-token';
import { AuthCard, AuthPending } from '#web/features/auth/components/auth-card';
import { InvalidLinkRedirect, notifyInvalidPasswordLink } from '#web/features/auth/components/invalid-link';
import { ResetPasswordForm } from '#web/features/auth/components/reset-password-form';
import { formatDocumentTitle, useDocumentTitle } from '#web/lib/use-document-title';

/** Reached from the reset e-mail through /set-password?action=password.reset&token=… (ARCHITECTURE section 9). */
export function ResetPasswordRoute() {
  useDocumentTitle(formatDocumentTitle('Reset password'));
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const token = searchParams.get('token');
  const check = useLinkTokenCheck('password-reset', token);

  // A spent or expired link is explained when opened, not after the user has typed a new password twice.
  if (!token || check.data === false) return <InvalidLinkRedirect />;
  if (check.isPending) return <AuthPending label="Checking your link..." />;

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
