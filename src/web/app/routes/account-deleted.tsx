import { Link, Navigate, useLocation } from 'react-router';
import { buttonClassName } from '#web/components/ui/button';
import { paths } from '#web/config/paths';
import { AuthCard } from '#web/features/auth/components/auth-card';
import { formatDocumentTitle, useDocumentTitle } from '#web/lib/use-document-title';

/** Router state that Settings → Danger zone leaves on its way here: only a deletion that just happened is announced. */
export type AccountDeletedState = { accountDeleted: true };

/**
 * Where deleting one's account ends (issue 37): a page that says the account and its data are gone, rather than a
 * landing page that looks as if nothing happened. Opened any other way, it is the landing page.
 */
export function AccountDeletedRoute() {
  useDocumentTitle(formatDocumentTitle('Account deleted'));
  const { state } = useLocation() as { state: Partial<AccountDeletedState> | null };
  if (!state?.accountDeleted) return <Navigate to={paths.home} replace />;
  // "any paid subscription": neither the deletion's answer ({ ok: true }) nor a session ended by a deletion elsewhere
  // says whether there was one, and most accounts deleted are Free.
  return (
    <AuthCard
      title="Your account has been deleted"
      description="Your account and all its data (tasks, runs, results, settings and API keys) have been deleted, and any paid subscription was cancelled. A confirmation is on its way by e-mail."
    >
      <div className="flex flex-col gap-3">
        <Link to={paths.home} className={buttonClassName({ size: 'lg', className: 'w-full' })}>
          Return to Home
        </Link>
        <Link to={paths.register} className={buttonClassName({ variant: 'secondary', size: 'lg', className: 'w-full' })}>
          Create a new account
        </Link>
      </div>
    </AuthCard>
  );
}
