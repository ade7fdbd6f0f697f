import { adminWorkspaceKinds, type AdminWorkspaceKind } from '#shared/admin/admin-workspace.schema';
import type { AdminWorkspaceFilter } from '../api/admin-workspaces';

/*
 * The Workspaces list keeps its search and kind in the address (`/admin/workspaces?search=acme&kind=all`), as the
 * Users list does, so a reload or a shared link keeps them. Team workspaces are the default and leave no query.
 */

/** The filter an address asks for; a kind the API would refuse falls back to team workspaces. */
export function workspaceListFilterFrom(searchParams: URLSearchParams): AdminWorkspaceFilter {
  const kind = searchParams.get('kind');
  return {
    search: searchParams.get('search') ?? '',
    kind: adminWorkspaceKinds.find((known): known is AdminWorkspaceKind => known === kind) ?? 'team',
  };
}
