import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '#web/config/paths';
import { AuthCard } from '#web/features/auth/components/auth-card';
import { CheckEmailNotice } from '#web/features/auth/components/check-email-notice';
import { ForgotPasswordForm } from '#web/features/auth/components/forgot-password-form';
import { formatDocumentTitle, useDocumentTitle } from '#web/lib/use-document-title';

export function ForgotPasswordRoute() {
  const [sentTo, setSentTo] = useState<string>();
  useDocumentTitle(formatDocumentTitle(sentTo === undefined ? 'Forgot password' : 'Check your email'));

  if (sentTo !== undefined) {
    return (
      <AuthCard title="Check your email">
        <CheckEmailNotice email={sentTo} />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Forgot your password?"
      description="Enter your email and we will send you a link to choose a new password."
      footer={
        <>
          Remembered it?{' '}
          <Link to={paths.login} className="rounded font-semibold text-indigo-600 hover:text-indigo-700 hover:underline">
            Back to login
          </Link>
        </>
      }
    >
      <ForgotPasswordForm onSent={setSentTo} />
    </AuthCard>
  );
}
