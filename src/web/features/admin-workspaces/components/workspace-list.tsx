import { clsx } from 'clsx';
import { UsersRound } from 'lucide-react';
import { useState } from 'react';
import type { AdminWorkspace, AdminWorkspaceKind } from '#shared/admin/admin-workspace.schema';
import { PageIntro } from '#web/components/layout/page-intro';
import { Button } from '#web/components/ui/button';
import { inputClassName } from '#web/components/ui/input';
import { QueryLoadError } from '#web/components/ui/load-error';
import { StackedCell, StackedTable, stackedRowClassName } from '#web/components/ui/responsive-table';
import { SearchBox } from '#web/components/ui/search-box';
import { Skeleton } from '#web/components/ui/skeleton';
import { formatInstant } from '#web/lib/date-time';
import { adminWorkspacePageSize, useAdminWorkspacePage, type AdminWorkspaceFilter } from '../api/admin-workspaces';

const columns = ['Name', 'Slug', 'Plan', 'Members', 'Owners', 'Created'] as const;

const kindLabels: Record<AdminWorkspaceKind, string> = {
  team: 'Team workspaces',
  personal: 'Personal workspaces',
  all: 'All workspaces',
};

type WorkspaceListProps = {
  /** The search and kind, kept by the route in the address. */
  filter: AdminWorkspaceFilter;
  onFilterChange: (changes: Partial<AdminWorkspaceFilter>) => void;
};

/**
 * /admin/workspaces: every workspace, searched on the server, a page at a time with Previous and Next (the cursors of
 * the pages before are kept to go back; a new filter starts again at the first page), as the Users list pages.
 */
export function WorkspaceList({ filter, onFilterChange }: WorkspaceListProps) {
  const filterKey = JSON.stringify(filter);
  const [pages, setPages] = useState<{ filterKey: string; cursors: (string | null)[] }>({ filterKey, cursors: [null] });
  if (pages.filterKey !== filterKey) setPages({ filterKey, cursors: [null] });
  const cursors = pages.filterKey === filterKey ? pages.cursors : [null];
  const page = useAdminWorkspacePage(filter, cursors.at(-1) ?? null);

  const items = page.data?.items ?? [];
  const total = page.data?.total ?? 0;
  const shownBefore = (cursors.length - 1) * adminWorkspacePageSize;

  return (
    <div className="flex flex-col gap-6">
      <PageIntro title="Workspaces" description="Every workspace, its plan, members and owners" />

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <SearchBox
          value={filter.search}
          onSearch={(search) => onFilterChange({ search })}
          label="Search workspaces"
          placeholder="Search workspaces..."
          className="sm:max-w-xs"
        />
        <select
          aria-label="Kind"
          className={clsx(inputClassName, 'sm:w-auto')}
          value={filter.kind}
          onChange={(event) => onFilterChange({ kind: event.target.value as AdminWorkspaceKind })}
        >
          {(Object.keys(kindLabels) as AdminWorkspaceKind[]).map((kind) => (
            <option key={kind} value={kind}>
              {kindLabels[kind]}
            </option>
          ))}
        </select>
      </div>

      {page.isPending ? (
        <div aria-busy="true" aria-label="Loading workspaces" className="flex flex-col gap-2">
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} className="h-12 w-full" />
          ))}
        </div>
      ) : !page.data ? (
        <QueryLoadError title="Error loading workspaces" query={page} fallback="Failed to load workspaces. Please try again." />
      ) : items.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
          <UsersRound aria-hidden="true" className="size-6 text-indigo-600" />
          <h3 className="text-base font-semibold text-slate-900">No workspaces found</h3>
          <p className="text-sm text-slate-600">No workspace matches this search or filter.</p>
        </div>
      ) : (
        <div className="flex flex-col gap-4">
          <StackedTable caption="Workspaces" columns={columns} busy={page.isPlaceholderData}>
            {items.map((workspace) => (
              <tr key={workspace.id} className={stackedRowClassName}>
                <StackedCell className="max-lg:border-b max-lg:border-slate-100 max-lg:pb-2">
                  <span className="break-words font-medium text-slate-900">{workspace.name}</span>
                  {workspace.personal ? <span className="ml-2 text-xs text-slate-500">Personal</span> : null}
                </StackedCell>
                <StackedCell label="Slug">
                  <span className="min-w-0 break-all text-slate-700">{workspace.slug}</span>
                </StackedCell>
                <StackedCell label="Plan">
                  <span className="text-slate-700">{workspace.plan.name}</span>
                </StackedCell>
                <StackedCell label="Members">
                  <span className="text-slate-700">{workspace.memberCount}</span>
                </StackedCell>
                <StackedCell label="Owners">
                  <OwnerNames workspace={workspace} />
                </StackedCell>
                <StackedCell label="Created">
                  <span className="text-slate-700">{formatInstant(workspace.createdAt, 'date')}</span>
                </StackedCell>
              </tr>
            ))}
          </StackedTable>
          <div className="flex flex-col items-center gap-3 sm:flex-row sm:justify-between">
            <p aria-live="polite" className="text-sm text-slate-600">
              Showing {shownBefore + items.length} of {total} workspaces
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
    </div>
  );
}

/** The first owners by name with their e-mail, and how many more there are. */
function OwnerNames({ workspace }: { workspace: AdminWorkspace }) {
  if (workspace.owners.length === 0) return <span className="text-slate-500">No owner</span>;
  const more = workspace.ownerCount - workspace.owners.length;
  return (
    <ul className="flex min-w-0 flex-col gap-0.5">
      {workspace.owners.map((owner) => (
        <li key={owner.id} className="min-w-0 break-all text-slate-700">
          {owner.name} <span className="text-slate-500">({owner.email})</span>
        </li>
      ))}
      {more > 0 ? <li className="text-slate-500">and {more} more</li> : null}
    </ul>
  );
}
