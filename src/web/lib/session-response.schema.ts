import { z } from 'zod';

/** better-auth sends `expiresAt` as an ISO date; seconds or milliseconds since the epoch are accepted too. */
const expiresAtSchema = z.union([z.string(), z.number()]).transform((value, context) => {
  // Below 10^12 a number is in seconds (the spec's expires_at); above, milliseconds.
  const date = typeof value === 'number' ? new Date(value < 1e12 ? value * 1000 : value) : new Date(value);
  if (Number.isNaN(date.getTime())) {
    context.addIssue({ code: 'custom', message: 'expiresAt is not a date' });
    return z.NEVER;
  }
  return date;
});

/** `GET /api/auth/get-session`: the session, or null. Its own module so lib/auth can load it (and zod) on demand. */
export const getSessionResponseSchema = z.object({ session: z.object({ expiresAt: expiresAtSchema }) }).nullable();
