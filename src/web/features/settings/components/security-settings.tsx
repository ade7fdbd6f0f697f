import { useQuery } from '@tanstack/react-query';
import { meQueryOptions } from '#web/lib/auth';
import { ChangePasswordForm } from './change-password-form';
import { SetPasswordCard } from './set-password-card';
import { SettingsPanelQuery } from './settings-panel-query';

/**
 * Settings → Security. An account without a password of its own (an invited user who has not chosen one) sets its
 * first password; everyone else changes theirs, which needs the current one.
 */
export function SecuritySettings() {
  const me = useQuery(meQueryOptions());
  return (
    <SettingsPanelQuery query={me} subject="security settings" rows={3}>
      {(user) => (user.hasSetPassword ? <ChangePasswordForm /> : <SetPasswordCard />)}
    </SettingsPanelQuery>
  );
}
