import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { z } from 'zod';
import { Button, buttonClassName } from '../../components/ui/button';
import { paths } from '../../config/paths';
import { AuthCard } from '../../features/auth/components/auth-card';
import { apiClient } from '../../lib/api-client';
import { errorMessage } from '../../lib/form-errors';
import { formatDocumentTitle, useDocumentTitle } from '../../lib/use-document-title';

/**
 * Where the single sign-on domain proof mailed to a postmaster leads (ADR 0137). Confirming is a click, never the
 * opening of the page: mail scanners open links, and must not prove a domain for anyone.
 */
export function SsoDomainRoute() {
  useDocumentTitle(formatDocumentTitle('Confirm a domain'));
  const token = useParams().token ?? '';
  const [state, setState] = useState<
    { status: 'idle' | 'pending' } | { status: 'done'; domain: string } | { status: 'failed'; message: string }
  >({
    status: 'idle',
  });

  const confirm = async () => {
    setState({ status: 'pending' });
    try {
      const answer = z.object({ domain: z.string() }).parse(await apiClient.post(`/api/sso-domain-proofs/${encodeURIComponent(token)}`));
      setState({ status: 'done', domain: answer.domain });
    } catch (failure) {
      setState({ status: 'failed', message: errorMessage(failure, 'The domain could not be confirmed. Please try again.') });
    }
  };

  if (state.status === 'done')
    return (
      <AuthCard title="Domain confirmed" description={`${state.domain} now signs in through its workspace's single sign-on.`}>
        <Link to={paths.home} className={buttonClassName({ variant: 'secondary', size: 'lg', className: 'w-full' })}>
          Go to the home page
        </Link>
      </AuthCard>
    );
  return (
    <AuthCard
      title="Confirm the domain for single sign-on"
      description="A workspace asked to sign in everyone of your e-mail domain through its identity provider. Confirm only if your organisation set this up."
    >
      {state.status === 'failed' ? (
        <p role="alert" className="mb-4 text-sm text-red-600">
          {state.message}
        </p>
      ) : null}
      <Button type="button" className="w-full" disabled={state.status === 'pending'} onClick={() => void confirm()}>
        {state.status === 'pending' ? 'Confirming...' : 'Confirm the domain'}
      </Button>
    </AuthCard>
  );
}
