import { ApiError } from '#web/lib/api-client';
import { downloadFile } from '#web/lib/download-file';
import { filterQuery, type AdminUserFilter } from './admin-users';

/** Downloads the server's CSV of every user matching the filter (the server streams it; no paging here). */
export async function exportUsers(filter: AdminUserFilter): Promise<void> {
  const response = await fetch(`/api/admin/users/export?${filterQuery(filter)}`, { credentials: 'same-origin' });
  if (!response.ok) throw new ApiError(response.status, 'The export could not be created. Please try again.', undefined, null);
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'promptcron-users.csv';
  downloadFile(name, await response.blob());
}
