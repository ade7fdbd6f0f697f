import { clsx } from 'clsx';
import { Download, Plus, Users } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast, toastError } from '#web/lib/toast';
import { adminUserStatuses, type AdminUser, type AdminUserStatus } from '#shared/admin/admin-user.schema';
import { PageIntro } from '#web/components/layout/page-intro';
import { Button } from '#web/components/ui/button';
import { inputClassName } from '#web/components/ui/input';
import { NameLink } from '#web/components/ui/name-link';
import { StackedCell, StackedTable, stackedRowClassName } from '#web/components/ui/responsive-table';
import { QueryLoadError } from '#web/components/ui/load-error';
import { SearchBox } from '#web/components/ui/search-box';
import { Skeleton } from '#web/components/ui/skeleton';
import { errorMessage } from '#web/lib/form-errors';
import { adminUserPageSize, useAdminUserPage, usePlans, type AdminUserFilter } from '../api/admin-users';
import { exportUsers } from '../api/export-users';
import { InviteUserDialog } from './invite-user-dialog';
import { UserActionDialogs } from './user-action-dialogs';
import { UserStatusBadge, userStatusLabels } from './user-badges';
import { UserRowMenu, type UserDialog } from './user-row-menu';
import { formatInstant } from '#web/lib/date-time';
import { userProfilePath } from '../lib/user-list-address';

const columns = ['Name', 'Email', 'Status', 'Plan', 'Tasks', 'Joined', 'Actions'] as const;

type UserListProps = {
  /** The search and filters, kept by the route in the address. */
  filter: AdminUserFilter;
  onFilterChange: (changes: Partial<AdminUserFilter>) => void;
};

/**
 * /admin/users: every account, searched and filtered on the server, a page at a time with Previous and Next (the
 * cursors of the pages before are kept to go back; a new filter starts again at the first page), and each account's
 * actions.
 */
export function UserList({ filter, onFilterChange }: UserListProps) {
  const filterKey = JSON.stringify(filter);
  const [pages, setPages] = useState<{ filterKey: string; cursors: (string | null)[] }>({ filterKey, cursors: [null] });
  if (pages.filterKey !== filterKey) setPages({ filterKey, cursors: [null] });
  const cursors = pages.filterKey === filterKey ? pages.cursors : [null];
  const [inviting, setInviting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [opened, setOpened] = useState<{ dialog: UserDialog; user: AdminUser } | null>(null);
  const page = useAdminUserPage(filter, cursors.at(-1) ?? null);
  const plans = usePlans();
  // The dialogs open from state, so each says where focus goes back: the control that opened it, or the page's
  // heading when that control is gone (the deleted user's row).
  const headingRef = useRef<HTMLHeadingElement>(null);
  const addUserRef = useRef<HTMLButtonElement>(null);
  const rowMenuTrigger = useRef<HTMLElement | null>(null);
  const backToRow = () => (rowMenuTrigger.current?.isConnected ? rowMenuTrigger.current : headingRef.current);

  useEffect(() => {
    if (page.error)
      toast.error('Error loading users', { description: errorMessage(page.error, 'Failed to load users. Please try again.') });
  }, [page.error]);

  const download = async () => {
    setExporting(true);
    try {
      await exportUsers(filter);
    } catch (error) {
      toastError('Export failed', error, 'The export could not be created. Please try again.');
    } finally {
      setExporting(false);
    }
  };

  const items = page.data?.items ?? [];
  const total = page.data?.total ?? 0;
  const shownBefore = (cursors.length - 1) * adminUserPageSize;

  return (
    <div className="flex flex-col gap-6">
      <PageIntro
        headingRef={headingRef}
        title="Users"
        description="Manage all user accounts"
        action={
          <div className="flex gap-2">
            <Button
              variant="secondary"
              onClick={() => void download()}
              aria-busy={exporting || undefined}
              aria-disabled={exporting || undefined}
            >
              <Download aria-hidden="true" className="size-4" />
              {exporting ? 'Exporting...' : 'Export'}
            </Button>
            <Button ref={addUserRef} onClick={() => setInviting(true)}>
              <Plus aria-hidden="true" className="size-4" />
              Add User
            </Button>
          </div>
        }
      />

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <SearchBox
          value={filter.search}
          onSearch={(search) => onFilterChange({ search })}
          label="Search users"
          placeholder="Search users..."
          className="sm:max-w-xs"
        />
        {/* Beside the search each menu is as wide as its choice; a shared 100 % cut "All statuses" off. */}
        <div role="group" aria-label="Filter" className="flex gap-2">
          <select
            aria-label="Status"
            className={clsx(inputClassName, 'sm:w-auto')}
            value={filter.status}
            onChange={(event) => onFilterChange({ status: event.target.value as AdminUserStatus | '' })}
          >
            <option value="">All statuses</option>
            {adminUserStatuses.map((status) => (
              <option key={status} value={status}>
                {userStatusLabels[status]}
              </option>
            ))}
          </select>
          <select
            aria-label="Plan"
            className={clsx(inputClassName, 'sm:w-auto')}
            value={filter.planId}
            onChange={(event) => onFilterChange({ planId: event.target.value })}
          >
            <option value="">All plans</option>
            {(plans.data ?? []).map((plan) => (
              <option key={plan.id} value={plan.id}>
                {plan.name}
              </option>
            ))}
          </select>
        </div>
      </div>

      {page.isPending ? (
        <div aria-busy="true" aria-label="Loading users" className="flex flex-col gap-2">
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} className="h-12 w-full" />
          ))}
        </div>
      ) : !page.data ? (
        <QueryLoadError title="Error loading users" query={page} fallback="Failed to load users. Please try again." />
      ) : items.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
          <Users aria-hidden="true" className="size-6 text-indigo-600" />
          <h3 className="text-base font-semibold text-slate-900">No users found</h3>
          <p className="text-sm text-slate-600">No account matches this search or filter.</p>
        </div>
      ) : (
        <div className="flex flex-col gap-4">
          <StackedTable caption="Users" columns={columns} busy={page.isPlaceholderData}>
            {items.map((user) => (
              <tr key={user.id} className={stackedRowClassName}>
                <StackedCell className="max-lg:border-b max-lg:border-slate-100 max-lg:pb-2">
                  <NameLink to={userProfilePath(user.id, filter)} className="break-words">
                    {user.name}
                  </NameLink>
                </StackedCell>
                <StackedCell label="Email">
                  <span className="min-w-0 break-all text-slate-700">{user.email}</span>
                </StackedCell>
                <StackedCell label="Status">
                  <UserStatusBadge status={user.status} />
                </StackedCell>
                <StackedCell label="Plan">
                  <span className="text-slate-700">{user.plan.name}</span>
                </StackedCell>
                <StackedCell label="Tasks">
                  <span className="text-slate-700">{user.taskCount}</span>
                </StackedCell>
                <StackedCell label="Joined">
                  <span className="text-slate-700">{formatInstant(user.joinedAt, 'date')}</span>
                </StackedCell>
                <StackedCell label="Actions" className="lg:w-px lg:text-right">
                  <UserRowMenu
                    user={user}
                    profilePath={userProfilePath(user.id, filter)}
                    onOpen={(dialog, target, trigger) => {
                      rowMenuTrigger.current = trigger;
                      setOpened({ dialog, user: target });
                    }}
                  />
                </StackedCell>
              </tr>
            ))}
          </StackedTable>
          <div className="flex flex-col items-center gap-3 sm:flex-row sm:justify-between">
            <p aria-live="polite" className="text-sm text-slate-600">
              Showing {shownBefore + items.length} of {total} users
            </p>
            <div className="flex gap-2">
              <Button
                variant="secondary"
                disabled={cursors.length === 1}
                onClick={() => setPages({ filterKey, cursors: cursors.slice(0, -1) })}
              >
                Previous
              </Button>
              <Button
                variant="secondary"
                disabled={!page.data.nextCursor}
                onClick={() => setPages({ filterKey, cursors: [...cursors, page.data?.nextCursor ?? null] })}
              >
                Next
              </Button>
            </div>
          </div>
        </div>
      )}

      <InviteUserDialog open={inviting} onOpenChange={setInviting} returnFocusTo={() => addUserRef.current} />
      <UserActionDialogs
        dialog={opened?.dialog ?? null}
        user={opened?.user ?? null}
        onClose={() => setOpened(null)}
        onDeleted={() => {
          rowMenuTrigger.current = null;
        }}
        returnFocusTo={backToRow}
      />
    </div>
  );
}
