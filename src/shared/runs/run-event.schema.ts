import { z } from 'zod';
import { runStatuses } from './run.schema';

/**
 * The live-update run event (docs/decisions/0015), in one place. The JSON itself is written by the database: the
 * `run_changed` notification of the triggers `notify_runs_inserted` and `notify_runs_updated`, last written by migration
 * `drizzle/0044_workspace_notifications.sql` (`json_build_object('userId', …, 'workspaceId', …, 'runId', …, …)`). A change
 * to these fields needs a new migration that writes them. The server's hub (`server/events/user-change-hub.ts`)
 * parses the notification with `runChangedNotificationSchema` and sends the event without `userId` and `workspaceId`; the web
 * (`web/lib/use-run-events.ts`) parses each `run` event of `GET /api/events` with `runEventSchema`.
 */

/** What a browser is told: one of its runs was created or changed status (or delivery status). */
export const runEventSchema = z.object({
  runId: z.string(),
  taskId: z.string(),
  /** The run's status (not its delivery status) after the change; a status a newer server adds still arrives. */
  status: z.enum(runStatuses),
});

export type RunEvent = z.infer<typeof runEventSchema>;

/** The database's `run_changed` notification: a run event, the user who made its task and the run's workspace. */
export const runChangedNotificationSchema = runEventSchema.extend({ userId: z.string(), workspaceId: z.string() });

export type RunChangedNotification = z.infer<typeof runChangedNotificationSchema>;
