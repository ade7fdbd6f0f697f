import { Bell, Building2, CalendarClock, KeyRound, Lock, UserRound, Wallet, type LucideIcon } from 'lucide-react';
import type { ComponentType } from 'react';
import { useSearchParams } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { ApiKeySettings } from '../../features/settings/components/api-key-settings';
import { BudgetSettings } from '../../features/settings/components/budget-settings';
import { DefaultScheduleSettings } from '../../features/settings/components/default-schedule-settings';
import { NotificationSettings } from '../../features/settings/components/notification-settings';
import { ProfileSettings } from '../../features/settings/components/profile-settings';
import { SecuritySettings } from '../../features/settings/components/security-settings';
import { WorkspaceSettings } from '../../features/workspaces/components/workspace-settings';
import { useBudgetAccess } from '../../features/workspaces/hooks/use-acting-workspace';

const settingsTabs: { value: string; label: string; icon: LucideIcon; Panel: ComponentType }[] = [
  { value: 'profile', label: 'Profile', icon: UserRound, Panel: ProfileSettings },
  { value: 'security', label: 'Security', icon: Lock, Panel: SecuritySettings },
  { value: 'notifications', label: 'Notifications', icon: Bell, Panel: NotificationSettings },
  { value: 'schedule', label: 'Default Schedule', icon: CalendarClock, Panel: DefaultScheduleSettings },
  { value: 'budget', label: 'Budget', icon: Wallet, Panel: WorkspaceBudgetSettings },
  { value: 'api-keys', label: 'API Keys', icon: KeyRound, Panel: ApiKeySettings },
  { value: 'workspaces', label: 'Workspaces', icon: Building2, Panel: WorkspaceSettings },
];

const defaultTab = 'profile';

/** The acting workspace's budget, editable by its admins and owners (ADR 0141). */
function WorkspaceBudgetSettings() {
  return <BudgetSettings access={useBudgetAccess()} />;
}

/**
 * /dashboard/settings and /admin/settings. The open tab lives in the URL (`?tab=security`), so a reload keeps it and
 * other pages can link straight to a tab.
 */
export function SettingsRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const activeTab = settingsTabs.some((tab) => tab.value === requested) && requested ? requested : defaultTab;

  const selectTab = (value: string) => {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === defaultTab) next.delete('tab');
        else next.set('tab', value);
        return next;
      },
      // Switching tabs is not a page the back button should step through, nor a reason to scroll.
      { replace: true, preventScrollReset: true },
    );
  };

  return (
    <div className="flex flex-col gap-6">
      <p className="text-slate-600">Manage your account settings and preferences.</p>
      <Tabs value={activeTab} onValueChange={selectTab}>
        {/* Five tabs outgrow one row beside the sidebar on a tablet; they wrap rather than run off the edge. */}
        <TabsList aria-label="Settings sections" className="sm:flex-wrap">
          {settingsTabs.map(({ value, label, icon: Icon }) => (
            <TabsTrigger key={value} value={value}>
              <Icon aria-hidden="true" className="size-4" />
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        {settingsTabs.map(({ value, Panel }) => (
          <TabsContent key={value} value={value} className="max-w-2xl">
            <Panel />
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
