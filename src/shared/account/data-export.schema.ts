import { z } from 'zod';

/** `POST /api/me/data-export` (issue 24, ADR 0052): the export was queued; its link comes by e-mail. */
export const dataExportRequestedSchema = z.object({
  id: z.uuid(),
  status: z.enum(['pending', 'ready', 'failed']),
});
export type DataExportRequested = z.infer<typeof dataExportRequestedSchema>;

/** The download link's parameters: the export and the secret token from the e-mail. */
export const dataExportDownloadQuerySchema = z.object({ token: z.string().min(1).max(200) });

/** How long a ready export can be downloaded. */
export const dataExportLifetimeHours = 24;
