import { z } from 'zod';

/** The switches of Settings → Notifications; each notification e-mail can turn off its own one (issue 19). */
export const notificationSwitches = ['taskCompletion', 'taskErrors', 'weeklyDigest'] as const;

export type NotificationSwitch = (typeof notificationSwitches)[number];

/** The names Settings shows for the switches. */
export const notificationSwitchLabels: Record<NotificationSwitch, string> = {
  taskCompletion: 'Task Completion',
  taskErrors: 'Task Errors',
  weeklyDigest: 'Weekly Digest',
};

/** `POST /api/unsubscribe` and `/api/unsubscribe/undo`: the signed token of an e-mail's unsubscribe link. */
export const unsubscribeInputSchema = z.object({ token: z.string().min(1).max(300) });

/** Which switch the link turned off (or, after undo, on again), and for which address. */
export const unsubscribeResponseSchema = z.object({
  notification: z.enum(notificationSwitches),
  email: z.string(),
  enabled: z.boolean(),
});

export type UnsubscribeResponse = z.infer<typeof unsubscribeResponseSchema>;
