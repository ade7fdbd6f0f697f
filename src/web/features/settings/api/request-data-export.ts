import { useMutation } from '@tanstack/react-query';
import { dataExportRequestedSchema, type DataExportRequested } from '#shared/account/data-export.schema';
import { apiClient } from '#web/lib/api-client';

/** `POST /api/me/data-export`: the copy is built in the background and its link (valid 24 hours) e-mailed. */
export async function requestDataExport(): Promise<DataExportRequested> {
  return dataExportRequestedSchema.parse(await apiClient.post('/api/me/data-export'));
}

export function useRequestDataExport() {
  return useMutation({ mutationFn: requestDataExport });
}
