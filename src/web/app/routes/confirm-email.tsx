import { MailCheck, RotateCw } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { confirmAddressTitle } from '#shared/account/address-confirmation.schema';
import { Button, buttonClassName } from '../../components/ui/button';
import { paths } from '../../config/paths';
import { AuthCard, AuthPending } from '../../features/auth/components/auth-card';
import { useConfirmOwnAddress } from '../../lib/address-confirmation';
import { ApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/form-errors';
import { formatDocumentTitle, useDocumentTitle } from '../../lib/use-document-title';

function DashboardLink() {
  return (
    <Link to={paths.dashboard} className={buttonClassName({ size: 'lg', className: 'w-full' })}>
      Go to the dashboard
    </Link>
  );
}

/**
 * Where the link of the "Confirm your e-mail address" mail leads (ADR 0109). Confirming waits for a press, as for a
 * delivery address (ADR 0090): mail scanners open links in browsers that run scripts. No sign-in needed: the link's
 * signed token is the proof.
 */
export function ConfirmEmailRoute() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  useDocumentTitle(formatDocumentTitle(confirmAddressTitle));
  const { mutate, data, error, isError, isPending } = useConfirmOwnAddress();
  const confirm = () => mutate(token);

  if (!token || (error instanceof ApiError && error.code === 'invalid_token')) {
    return (
      <AuthCard
        title="This link is not valid"
        description="This link is not valid any more. Sign in to send a new one from your dashboard. Nothing was changed."
      >
        <DashboardLink />
      </AuthCard>
    );
  }
  if (isError) {
    return (
      <AuthCard title="We could not confirm your address" description={errorMessage(error, 'Please check your connection and try again.')}>
        <Button size="lg" className="w-full" disabled={isPending} onClick={confirm}>
          <RotateCw aria-hidden="true" className="size-4" />
          Try again
        </Button>
      </AuthCard>
    );
  }
  if (isPending) return <AuthPending label="Confirming..." />;
  if (!data) {
    return (
      <AuthCard
        title={confirmAddressTitle}
        description="Confirm that this e-mail address is yours. Your Promptcron tasks can then e-mail their results to it."
      >
        <Button size="lg" className="w-full" onClick={confirm}>
          <MailCheck aria-hidden="true" className="size-4" />
          Confirm my e-mail address
        </Button>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="E-mail address confirmed" description={`Results your tasks e-mail to ${data.email} are delivered from now on.`}>
      <DashboardLink />
    </AuthCard>
  );
}
