import { z } from 'zod';
import { singleLineText } from '../text/safe-text';
import { isTimeZone } from '../time/zoned-time';

export const defaultScheduleTypes = ['daily', 'weekly', 'monthly'] as const;

export const defaultScheduleSchema = z.object({
  type: z.enum(defaultScheduleTypes, 'Please select a schedule type.'),
  time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Please enter a time as HH:MM.'),
  timezone: singleLineText().max(100, 'Please select a valid time zone.').refine(isTimeZone, 'Please select a valid time zone.'),
});

export type DefaultSchedule = z.infer<typeof defaultScheduleSchema>;

/** Spec section 9: what a new task starts with until the user saves a default schedule (in the browser's zone). */
export const specDefaultSchedule = { type: 'daily', time: '09:00' } as const satisfies Omit<DefaultSchedule, 'timezone'>;

/** Settings → Notifications and Default Schedule, persisted per user (`GET/PUT /api/me/settings`). */
export const userSettingsSchema = z.object({
  notifications: z.object({
    /** A short e-mail after each completed run, unless the run's result was itself mailed to the account's address. */
    taskCompletion: z.boolean(),
    /** An e-mail when a task starts failing, when it recovers, and when it stops after repeated failures. */
    taskErrors: z.boolean(),
    /** Monday 08:00 in the user's zone: the week's runs, failures and results of each task. */
    weeklyDigest: z.boolean(),
  }),
  /**
   * Pre-fills the schedule of new tasks; the time is local to `timezone`. Null until the user saves one: then new
   * tasks start daily at 09:00 in the browser's zone (spec section 9).
   */
  defaultSchedule: defaultScheduleSchema.nullable(),
});

export type UserSettings = z.infer<typeof userSettingsSchema>;

export const defaultUserSettings: UserSettings = {
  notifications: { taskCompletion: false, taskErrors: true, weeklyDigest: false },
  defaultSchedule: null,
};
