import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { describeAuditEntry } from '#shared/admin/audit-summary';
import { PageIntro } from '#web/components/layout/page-intro';
import { QueryLoadError } from '#web/components/ui/load-error';
import { Skeleton } from '#web/components/ui/skeleton';
import { paths } from '#web/config/paths';
import { useAdminUserProfile } from '../api/admin-users';
import { UserRoleBadge, UserStatusBadge } from './user-badges';
import { formatLocalDateTime } from '#web/lib/date-time';

// With the zone's short name, as every other page writes a time (ADR 0067): the profile's times are not in a table
// whose zone is said once.
const when = (value: string | null) => (value ? formatLocalDateTime(value) : '—');

type UserProfileProps = {
  userId: string;
  /** Back to Users: the list with the search and filters it was opened from. */
  backTo?: string;
};

/** /admin/users/:id: one account, its plan, tasks, run counts and what administrators did to it. */
export function UserProfile({ userId, backTo = paths.adminUsers }: UserProfileProps) {
  const profile = useAdminUserProfile(userId);
  const back = (
    <Link to={backTo} className="inline-flex items-center gap-1 text-sm font-medium text-indigo-700 hover:underline">
      <ArrowLeft aria-hidden="true" className="size-4" />
      Back to Users
    </Link>
  );
  if (profile.isPending) return <Skeleton className="h-64 w-full" />;
  if (!profile.data) {
    return (
      <div className="flex flex-col gap-4">
        {back}
        <QueryLoadError title="Error loading user" query={profile} fallback="Failed to load the user. Please try again." />
      </div>
    );
  }
  const { user, subscription, tasks, runCounts, audit } = profile.data;
  return (
    <div className="flex flex-col gap-6">
      {back}
      <PageIntro title={user.fullName || user.name} description={user.email} truncateDescription />
      <Section title="Account">
        <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-2">
          <Item label="Status">
            <UserStatusBadge status={user.status} />
          </Item>
          <Item label="Role">
            <UserRoleBadge role={user.role} />
          </Item>
          <Item label="Plan">{`${user.plan.name}${subscription?.paid ? ' (paid through Stripe)' : ''}`}</Item>
          <Item label="Joined">{when(user.joinedAt)}</Item>
          <Item label="Last sign-in">{when(user.lastSignInAt)}</Item>
          <Item label="Runs">{`${runCounts.total} (${runCounts.completed} completed, ${runCounts.failed} failed)`}</Item>
        </dl>
      </Section>
      <Section title={`Tasks (${tasks.length})`}>
        {tasks.length === 0 ? (
          <p className="text-sm text-slate-600">No tasks.</p>
        ) : (
          <ul className="divide-y divide-slate-100 text-sm">
            {tasks.map((task) => (
              <li key={task.id} className="flex flex-col gap-1 py-2 sm:flex-row sm:justify-between">
                <span className="font-medium text-slate-900">{task.name}</span>
                <span className="text-slate-600">
                  {task.status} · last run {when(task.lastRunAt)}
                  {task.lastRunStatus ? ` (${task.lastRunStatus})` : ''}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title="Recent administrator actions">
        {audit.length === 0 ? (
          <p className="text-sm text-slate-600">None yet.</p>
        ) : (
          <ul className="divide-y divide-slate-100 text-sm">
            {audit.map((entry) => (
              <li key={entry.id} className="flex flex-col gap-1 py-2 sm:flex-row sm:justify-between sm:gap-3">
                <span className="min-w-0 text-slate-900 [overflow-wrap:anywhere]">{describeAuditEntry(entry).summary}</span>
                <span className="shrink-0 text-slate-600">{when(entry.createdAt)}</span>
              </li>
            ))}
          </ul>
        )}
      </Section>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <h3 className="text-base font-semibold text-slate-900">{title}</h3>
      {children}
    </section>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-slate-500">{label}</dt>
      <dd className="font-medium text-slate-900">{children}</dd>
    </div>
  );
}
