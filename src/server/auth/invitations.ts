import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthEndpoint } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import { and, eq, like } from 'drizzle-orm';
import { z } from 'zod';
import { verification } from '../db/schema/index';

export const invitationIdentifier = (token: string) => `invitation:${token}`;

/** The stored invitations of one user: the rows that make their invitation links work. */
export const invitationsOf = (userId: string) =>
  and(eq(verification.value, userId), like(verification.identifier, invitationIdentifier('%')));

/**
 * `POST /api/auth/invitation/accept { token }`: an invitation link signs the invited person in (once), after which
 * the app sends them to /set-password until they have chosen a password (spec section 4).
 */
export function invitations(): BetterAuthPlugin {
  return {
    id: 'invitations',
    endpoints: {
      acceptInvitation: createAuthEndpoint(
        '/invitation/accept',
        { method: 'POST', body: z.object({ token: z.string().min(1) }) },
        async (ctx) => {
          const identifier = invitationIdentifier(ctx.body.token);
          const verification = await ctx.context.internalAdapter.findVerificationValue(identifier);
          if (!verification || verification.expiresAt < new Date()) {
            throw new APIError('BAD_REQUEST', { code: 'INVALID_TOKEN', message: 'This invitation link is invalid or has expired.' });
          }
          // Single use: whoever consumes the token first wins; a second click finds it gone.
          if (!(await ctx.context.internalAdapter.consumeVerificationValue(identifier))) {
            throw new APIError('BAD_REQUEST', { code: 'INVALID_TOKEN', message: 'This invitation link is invalid or has expired.' });
          }
          const user = await ctx.context.internalAdapter.findUserById(verification.value);
          // A password set since the invitation was sent (through "forgot password") makes it spent: the link must not
          // stay a way in that skips the password (ADR 0089).
          if (!user || ('hasSetPassword' in user && user.hasSetPassword === true))
            throw new APIError('BAD_REQUEST', { code: 'INVALID_TOKEN', message: 'This invitation link is invalid or has expired.' });
          // The invitation came to the account's inbox: the address is proven (ADR 0094).
          if (!user.emailVerified) await ctx.context.internalAdapter.updateUser(user.id, { emailVerified: true });
          const session = await ctx.context.internalAdapter.createSession(user.id);
          await setSessionCookie(ctx, { session, user });
          return ctx.json({ user });
        },
      ),
    },
  };
}
