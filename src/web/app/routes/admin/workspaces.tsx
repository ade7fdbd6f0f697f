import { WorkspaceList } from '#web/features/admin-workspaces/components/workspace-list';
import { workspaceListFilterFrom } from '#web/features/admin-workspaces/lib/workspace-list-address';
import { useFilterAddress } from '#web/lib/use-filter-address';

/**
 * /admin/workspaces: every workspace beside the Users list. Search and kind live in the address, so a reload or a
 * shared link keeps them.
 */
export function AdminWorkspacesRoute() {
  const [searchParams, writeChanges] = useFilterAddress({ kind: 'team' });
  const filter = workspaceListFilterFrom(searchParams);

  return <WorkspaceList filter={filter} onFilterChange={writeChanges} />;
}
