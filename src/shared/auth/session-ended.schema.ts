import { z } from 'zod';

/**
 * Why a live stream's session ended (`event: session-ended` on `GET /api/events`, issue 36): the app signs the user out
 * with a message that says which, instead of showing stale data under a session that no longer exists.
 */
export const sessionEndReasons = ['signed-out', 'password-changed', 'suspended', 'deleted', 'expired'] as const;
export type SessionEndReason = (typeof sessionEndReasons)[number];

export const sessionEndedEventSchema = z.object({ reason: z.enum(sessionEndReasons) }).meta({ id: 'SessionEndedEvent' });
export type SessionEndedEvent = z.infer<typeof sessionEndedEventSchema>;
