import type { UseQueryResult } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import type { UserSettings } from '#shared/settings/user-settings.schema';
import { LoadError } from '#web/components/ui/load-error';
import { errorMessage } from '#web/lib/form-errors';
import { useUserSettings } from '#web/lib/user-settings';
import { SettingsPanelSkeleton } from './settings-panel-skeleton';

type SettingsPanelQueryProps<Data extends object> = {
  /** The settings or the signed-in user; a user query answers null once the session has ended. */
  query: UseQueryResult<Data | null>;
  /** What the tab edits, in the loading and error texts: "budget" gives "Loading your budget...". */
  subject: string;
  /** How many fields the skeleton draws, so the card keeps its height when the data arrives. */
  rows?: number;
  children: (data: Data) => ReactNode;
};

/** A settings tab's data: the card's skeleton while it loads, an error with a retry if it fails, then the tab. */
export function SettingsPanelQuery<Data extends object>({ query, subject, rows, children }: SettingsPanelQueryProps<Data>) {
  if (query.isPending) return <SettingsPanelSkeleton label={`Loading your ${subject}...`} rows={rows} />;
  if (query.isError || !query.data) {
    return (
      <LoadError
        title={`Your ${subject} could not be loaded.`}
        message={
          query.isError
            ? errorMessage(query.error, 'Check your connection and try again.')
            : 'Your session has ended. Please sign in again.'
        }
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  return children(query.data);
}

type UserSettingsPanelProps = Pick<SettingsPanelQueryProps<UserSettings>, 'subject' | 'rows'> & {
  /** The tab's form, given the stored settings: it saves them whole, with its own part changed. */
  form: ComponentType<{ settings: UserSettings }>;
};

/** A tab that edits part of the user's settings (budget, notifications, default schedule): its form once they load. */
export function UserSettingsPanel({ subject, rows, form: Form }: UserSettingsPanelProps) {
  const settingsQuery = useUserSettings();
  return (
    <SettingsPanelQuery query={settingsQuery} subject={subject} rows={rows}>
      {(settings) => <Form settings={settings} />}
    </SettingsPanelQuery>
  );
}
