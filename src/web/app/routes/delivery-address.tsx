import { MailCheck, MailX, RotateCw } from 'lucide-react';
import { useCallback, useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonClassName } from '../../components/ui/button';
import { paths } from '../../config/paths';
import { AuthCard, AuthPending } from '../../features/auth/components/auth-card';
import { useAnswerAddressLink, type AddressLinkAction } from '../../features/tasks/api/answer-address-link';
import { ApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/form-errors';
import { formatDocumentTitle, useDocumentTitle } from '../../lib/use-document-title';

function HomeLink() {
  return (
    <Link to={paths.home} className={buttonClassName({ variant: 'secondary', size: 'lg', className: 'w-full' })}>
      About Promptcron
    </Link>
  );
}

/**
 * Where the links of a delivery-address e-mail lead (issue 24, ADR 0053): `?action=confirm` lets a sender's results
 * through, `?action=unsubscribe` refuses all of their mail. Whoever opens it need not have an account. Unsubscribing
 * is a POST this page makes when it opens. Confirming waits for a press of its button (ADR 0090): mail scanners open
 * links in a browser that runs scripts, and one must not sign its reader up for a stranger's mail.
 */
export function DeliveryAddressRoute() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const action: AddressLinkAction = searchParams.get('action') === 'unsubscribe' ? 'unsubscribe' : 'confirm';
  useDocumentTitle(formatDocumentTitle(action === 'confirm' ? 'Confirm results' : 'Unsubscribe'));
  const { mutate, data, error, isError, isPending } = useAnswerAddressLink();
  const answer = useCallback(() => mutate({ token, action }), [mutate, token, action]);
  useEffect(() => {
    if (token && action === 'unsubscribe') answer();
  }, [token, action, answer]);

  if (!token || (error instanceof ApiError && error.code === 'invalid_token')) {
    return (
      <AuthCard title="This link is not valid" description="This link is not valid any more. Nothing was changed.">
        <HomeLink />
      </AuthCard>
    );
  }
  if (isError) {
    return (
      <AuthCard title="We could not save your answer" description={errorMessage(error, 'Please check your connection and try again.')}>
        <Button size="lg" className="w-full" disabled={isPending} onClick={answer}>
          <RotateCw aria-hidden="true" className="size-4" />
          Try again
        </Button>
      </AuthCard>
    );
  }
  if (action === 'confirm' && !data && !isPending) {
    return (
      <AuthCard
        title="Confirm results"
        description="Someone set up a Promptcron task that e-mails its results to you. Do you want to receive them?"
      >
        <Button size="lg" className="w-full" onClick={answer}>
          <MailCheck aria-hidden="true" className="size-4" />
          Yes, send me the results
        </Button>
        <p className="mt-4 text-sm text-slate-600">If you do nothing, nothing is sent. Every result e-mail has a link to unsubscribe.</p>
      </AuthCard>
    );
  }
  if (!data) return <AuthPending label={action === 'confirm' ? 'Confirming...' : 'Unsubscribing...'} />;

  return data.status === 'confirmed' ? (
    <AuthCard title="Confirmed" description={`${data.email} will receive the results ${data.sender} sends through Promptcron.`}>
      <p className="mb-4 flex items-center gap-2 text-sm text-slate-600">
        <MailCheck aria-hidden="true" className="size-4" />
        Every result e-mail has a link to unsubscribe.
      </p>
      <HomeLink />
    </AuthCard>
  ) : (
    <AuthCard title="You're unsubscribed" description={`${data.email} will no longer receive mail from ${data.sender} through Promptcron.`}>
      <p className="mb-4 flex items-center gap-2 text-sm text-slate-600">
        <MailX aria-hidden="true" className="size-4" />
        Mail from other senders is not affected.
      </p>
      <HomeLink />
    </AuthCard>
  );
}
