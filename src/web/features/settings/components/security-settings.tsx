import { useQuery } from '@tanstack/react-query';
import { LoadError } from '#web/components/ui/load-error';
import { meQueryOptions } from '#web/lib/auth';
import { errorMessage } from '#web/lib/form-errors';
import { ChangePasswordForm } from './change-password-form';
import { SetPasswordCard } from './set-password-card';
import { SettingsPanelSkeleton } from './settings-panel-skeleton';

/**
 * Settings → Security. An account without a password of its own (an invited user who has not chosen one) sets its
 * first password; everyone else changes theirs, which needs the current one.
 */
export function SecuritySettings() {
  const me = useQuery(meQueryOptions());

  if (me.isPending) return <SettingsPanelSkeleton label="Loading your security settings..." rows={3} />;
  if (me.isError || !me.data) {
    return (
      <LoadError
        title="Your security settings could not be loaded."
        message={
          me.isError ? errorMessage(me.error, 'Check your connection and try again.') : 'Your session has ended. Please sign in again.'
        }
        onRetry={() => void me.refetch()}
        retrying={me.isFetching}
      />
    );
  }
  return me.data.hasSetPassword ? <ChangePasswordForm /> : <SetPasswordCard />;
}
