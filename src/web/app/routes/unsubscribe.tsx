import { BellOff, BellRing, RotateCw } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { notificationSwitchLabels, type UnsubscribeResponse } from '#shared/settings/unsubscribe.schema';
import { Button, buttonClassName } from '../../components/ui/button';
import { paths } from '../../config/paths';
import { AuthCard, AuthPending } from '../../features/auth/components/auth-card';
import { useSwitchNotificationByLink } from '../../features/settings/api/unsubscribe';
import { ApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/form-errors';
import { formatDocumentTitle, useDocumentTitle } from '../../lib/use-document-title';

const notificationSettingsPath = `${paths.dashboardSettings}?tab=notifications`;

function SettingsLink() {
  return (
    <Link to={notificationSettingsPath} className={buttonClassName({ variant: 'secondary', size: 'lg', className: 'w-full' })}>
      Notification settings
    </Link>
  );
}

/**
 * Where the "Unsubscribe" link of a notification e-mail leads (issue 19): opening it turns that e-mail's switch off at
 * once, without signing in, and offers to undo it. The change is a POST the page makes, so a mail scanner that only
 * fetches the link changes nothing.
 */
export function UnsubscribeRoute() {
  useDocumentTitle(formatDocumentTitle('Unsubscribe'));
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const { mutate, error, isError, isPending, variables } = useSwitchNotificationByLink();
  // The last answer stays on screen while "Turn back on" is under way.
  const [data, setData] = useState<UnsubscribeResponse>();
  const change = useCallback((enabled: boolean) => mutate({ token, enabled }, { onSuccess: setData }), [mutate, token]);
  const unsubscribe = useCallback(() => change(false), [change]);
  useEffect(() => {
    if (token) unsubscribe();
  }, [token, unsubscribe]);

  if (!token || (error instanceof ApiError && error.code === 'invalid_token')) {
    return (
      <AuthCard
        title="This link is not valid"
        description="This unsubscribe link is not valid. You can change your notifications in Settings."
      >
        <SettingsLink />
      </AuthCard>
    );
  }

  if (isError) {
    return (
      <AuthCard title="We could not unsubscribe you" description={errorMessage(error, 'Please check your connection and try again.')}>
        <div className="flex flex-col gap-3">
          <Button size="lg" className="w-full" onClick={() => change(variables?.enabled ?? false)}>
            <RotateCw aria-hidden="true" className="size-4" />
            Try again
          </Button>
          <SettingsLink />
        </div>
      </AuthCard>
    );
  }

  if (!data) return <AuthPending label="Unsubscribing..." />;

  const label = notificationSwitchLabels[data.notification];
  return data.enabled ? (
    <AuthCard title="You're subscribed again" description={`"${label}" e-mails will go to ${data.email} again.`}>
      <SettingsLink />
    </AuthCard>
  ) : (
    <AuthCard title="You're unsubscribed" description={`You will no longer get "${label}" e-mails at ${data.email}.`}>
      <div className="flex flex-col gap-3">
        <Button size="lg" variant="secondary" className="w-full" disabled={isPending} onClick={() => change(true)}>
          <BellRing aria-hidden="true" className="size-4" />
          {isPending ? 'Turning back on...' : 'Turn back on'}
        </Button>
        <SettingsLink />
      </div>
      <p className="mt-4 flex items-center justify-center gap-2 text-xs text-slate-500">
        <BellOff aria-hidden="true" className="size-3.5" />
        Other notifications stay as they are.
      </p>
    </AuthCard>
  );
}
