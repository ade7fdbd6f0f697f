import { adminUserStatuses, type AdminUserStatus } from '#shared/admin/admin-user.schema';
import { isUuid } from '#shared/ids/is-uuid';
import { adminUserPath, paths } from '#web/config/paths';
import type { AdminUserFilter } from '../api/admin-users';

/*
 * The Users list keeps its search and filters in the address (`/admin/users?search=ada&status=suspended&planId=…`), as
 * /admin/tasks does, so a reload or a shared link keeps them. A profile opened from the list carries the same query,
 * so its Back to Users returns to the list as the administrator left it (a link cannot carry router state through
 * NameLink, and the query survives a reload of the profile too).
 */

function parseStatus(value: string | null): AdminUserStatus | '' {
  return adminUserStatuses.find((status) => status === value) ?? '';
}

/** The filter an address asks for; a status or plan the API would refuse is left out rather than sent. */
export function userListFilterFrom(searchParams: URLSearchParams): AdminUserFilter {
  const planId = searchParams.get('planId') ?? '';
  return {
    search: searchParams.get('search') ?? '',
    status: parseStatus(searchParams.get('status')),
    planId: isUuid(planId) ? planId : '',
  };
}

/**
 * The filter as a query string (`?status=suspended`, or '' when nothing narrows the list). The search is kept as typed:
 * the search box compares what comes back with its own text, and a trimmed copy would eat the space being typed.
 */
export function userListQuery(filter: AdminUserFilter): string {
  const query = new URLSearchParams();
  if (filter.search) query.set('search', filter.search);
  if (filter.status) query.set('status', filter.status);
  if (filter.planId) query.set('planId', filter.planId);
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** The Users list with this filter. */
export function userListPath(filter: AdminUserFilter): string {
  return `${paths.adminUsers}${userListQuery(filter)}`;
}

/** One user's profile, opened from the list with this filter (for its Back to Users). */
export function userProfilePath(userId: string, filter: AdminUserFilter): string {
  return `${adminUserPath(userId)}${userListQuery(filter)}`;
}
