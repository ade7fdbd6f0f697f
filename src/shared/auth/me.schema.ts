import { z } from 'zod';

export const roles = ['admin', 'user'] as const;
export type Role = (typeof roles)[number];

/** The signed-in user as `GET /api/me` returns it. */
export const meUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  fullName: z.string().nullable(),
  role: z.enum(roles),
  /** Created by an administrator's invitation rather than by signing up. */
  invited: z.boolean(),
  hasSetPassword: z.boolean(),
  /**
   * The account has confirmed its own e-mail address (ADR 0109); until then results e-mailed to it wait, and the
   * dashboard offers to send the confirmation mail again. Absent from answers of servers before it.
   */
  emailConfirmed: z.boolean().optional(),
  /**
   * Still in the visit the account began with: the dashboard greets "Welcome" rather than "Welcome back" (ADR 0067).
   * This and `timeZone` come with the user's own account (`GET`/`PATCH /api/me`, `POST /api/me/password`), not with
   * an administrator's view of another's.
   */
  newcomer: z.boolean().optional(),
  /** The zone the user's days are counted in (ADR 0040), in which the app shows every time to them (ADR 0067). */
  timeZone: z.string().optional(),
});

export const meResponseSchema = z.object({ user: meUserSchema });

export type MeUser = z.infer<typeof meUserSchema>;

// Kept in a module without zod so the route guards, which every page loads, do not bring zod along.
export { mustSetPassword } from './must-set-password';

/** Where password e-mails lead (ARCHITECTURE section 9). */
export const passwordLinkActions = { reset: 'password.reset', set: 'password.set' } as const;
