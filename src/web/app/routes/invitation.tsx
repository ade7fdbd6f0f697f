import { CircleAlert, LogIn, RotateCw, UserPlus, Users } from 'lucide-react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { Button, buttonClassName } from '../../components/ui/button';
import { paths } from '../../config/paths';
import { AuthCard, AuthPending } from '../../features/auth/components/auth-card';
import { useAcceptInvitation } from '../../features/workspaces/api/accept-invitation';
import { useInvitationPreview } from '../../features/workspaces/api/get-invitation';
import { roleWithArticle } from '../../features/workspaces/lib/role-text';
import { ApiError } from '../../lib/api-client';
import { useAuth, useSignOut } from '../../lib/auth';
import { formatInstant } from '../../lib/date-time';
import { errorMessage } from '../../lib/form-errors';
import { returnToState } from '../../lib/return-to';
import { toast } from '../../lib/toast';
import { formatDocumentTitle, useDocumentTitle } from '../../lib/use-document-title';

const linkClassName = buttonClassName({ variant: 'secondary', size: 'lg', className: 'w-full' });

/**
 * Where a workspace invitation's e-mail leads (ADR 0133): who invites whom to which workspace as which role. Only
 * the account at the invited address can accept, so the page offers what fits who is looking: Accept for that
 * account, sign-in or sign-up (which come back here) for a visitor, and a plain word for another account. A link
 * that can no longer be used shows the server's reason.
 */
export function InvitationRoute() {
  useDocumentTitle(formatDocumentTitle('Workspace invitation'));
  const token = useParams().token ?? '';
  const preview = useInvitationPreview(token);
  const auth = useAuth();

  if (preview.isPending) return <AuthPending label="Loading the invitation..." />;
  if (preview.isError) {
    // 404 and 410 are the link's answer (wrong, used, withdrawn, expired); anything else may pass on a second try.
    if (preview.error instanceof ApiError && (preview.error.status === 404 || preview.error.status === 410)) {
      return (
        <AuthCard title="This invitation cannot be used" description={preview.error.message}>
          <Link to={paths.dashboard} className={linkClassName}>
            Go to the dashboard
          </Link>
        </AuthCard>
      );
    }
    return (
      <AuthCard
        title="We could not load the invitation"
        description={errorMessage(preview.error, 'Please check your connection and try again.')}
      >
        <Button size="lg" className="w-full" disabled={preview.isFetching} onClick={() => void preview.refetch()}>
          <RotateCw aria-hidden="true" className="size-4" />
          Try again
        </Button>
      </AuthCard>
    );
  }

  const invitation = preview.data;
  return (
    <AuthCard
      title={`Join ${invitation.workspace.name}`}
      description={
        <>
          <strong className="font-semibold text-slate-900">{invitation.invitedBy.name}</strong> invited{' '}
          <strong className="font-semibold break-all text-slate-900">{invitation.email}</strong> to the workspace{' '}
          <strong className="font-semibold text-slate-900">{invitation.workspace.name}</strong> as {roleWithArticle(invitation.role)}.
        </>
      }
      footer={<>The link is valid until {formatInstant(invitation.expiresAt)} and works once.</>}
    >
      {auth.status === 'loading' ? (
        <p role="status" className="text-sm text-slate-600">
          Checking who is signed in...
        </p>
      ) : auth.status === 'signed-out' ? (
        <SignedOutChoices email={invitation.email} />
      ) : auth.user.email.toLowerCase() === invitation.email.toLowerCase() ? (
        <AcceptChoice token={token} workspaceName={invitation.workspace.name} />
      ) : (
        <OtherAccountNotice signedInAs={auth.user.email} invited={invitation.email} />
      )}
    </AuthCard>
  );
}

/** Sign in or sign up at the invited address; either comes back to this page (the router state /login reads). */
function SignedOutChoices({ email }: { email: string }) {
  const location = useLocation();
  const back = returnToState(location);
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-slate-600">
        Sign in as <span className="font-semibold break-all text-slate-900">{email}</span> to accept, or create an account with that address
        first.
      </p>
      <Link to={paths.login} state={back} className={buttonClassName({ size: 'lg', className: 'w-full' })}>
        <LogIn aria-hidden="true" className="size-4" />
        Sign in to accept
      </Link>
      <Link to={paths.register} state={back} className={linkClassName}>
        <UserPlus aria-hidden="true" className="size-4" />
        Create an account
      </Link>
    </div>
  );
}

function AcceptChoice({ token, workspaceName }: { token: string; workspaceName: string }) {
  const accept = useAcceptInvitation();
  const navigate = useNavigate();
  const onAccept = () =>
    accept.mutate(token, {
      onSuccess: (workspace) => {
        toast.success(`You joined ${workspace.name}`);
        void navigate({ pathname: paths.dashboardSettings, search: '?tab=workspaces' });
      },
    });
  return (
    <div className="flex flex-col gap-3">
      {accept.isError ? (
        <p role="alert" className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {errorMessage(accept.error, 'The invitation could not be accepted. Please try again.')}
        </p>
      ) : null}
      <Button size="lg" className="w-full" disabled={accept.isPending || accept.isSuccess} onClick={onAccept}>
        <Users aria-hidden="true" className="size-4" />
        {accept.isPending ? 'Accepting...' : 'Accept invitation'}
      </Button>
      <p className="text-sm text-slate-600">You will see {workspaceName} in Settings → Workspaces.</p>
    </div>
  );
}

/** Another account is signed in: say so, and offer to sign out so the invited one can sign in. */
function OtherAccountNotice({ signedInAs, invited }: { signedInAs: string; invited: string }) {
  const signOut = useSignOut();
  return (
    <div className="flex flex-col gap-3">
      <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
        You are signed in as <span className="font-semibold break-all">{signedInAs}</span>, but this invitation is for{' '}
        <span className="font-semibold break-all">{invited}</span>. Sign out, then sign in with that address to accept it.
      </p>
      <Button variant="secondary" size="lg" className="w-full" disabled={signOut.isPending} onClick={() => signOut.mutate()}>
        {signOut.isPending ? 'Signing out...' : 'Sign out'}
      </Button>
    </div>
  );
}
