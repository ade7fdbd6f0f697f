import { z } from 'zod';

/** The single-use tokens e-mailed links carry: a password reset (30 minutes) and an invitation (7 days). */
export const linkTokenKinds = ['password-reset', 'invitation'] as const;
export type LinkTokenKind = (typeof linkTokenKinds)[number];

/** `POST /api/auth/link-token/check`: the body, and the answer (`false` for unknown, spent and expired tokens). */
export const linkTokenCheckInputSchema = z.object({ kind: z.enum(linkTokenKinds), token: z.string().min(1).max(512) });
export const linkTokenCheckSchema = z.object({ valid: z.boolean() });
