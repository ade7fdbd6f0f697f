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
});

export const meResponseSchema = z.object({ user: meUserSchema });

export type MeUser = z.infer<typeof meUserSchema>;

// Kept in a module without zod so the route guards, which every page loads, do not bring zod along.
export { mustSetPassword } from './must-set-password';

/** Where password e-mails lead (ARCHITECTURE section 9). */
export const passwordLinkActions = { reset: 'password.reset', set: 'password.set' } as const;
