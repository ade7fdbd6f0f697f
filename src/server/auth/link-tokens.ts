import type { BetterAuthPlugin } from 'better-auth';
import { createAuthEndpoint } from 'better-auth/api';
import { linkTokenCheckInputSchema, type LinkTokenKind } from '#shared/auth/link-token.schema';
import { and, eq, like } from 'drizzle-orm';
import { verification } from '../db/schema/index';
import { invitationIdentifier } from './invitations';

/** The single-use tokens e-mailed links carry, by the verification row better-auth keeps for each. */
const identifiers: Record<LinkTokenKind, (token: string) => string> = {
  'password-reset': (token) => `reset-password:${token}`,
  invitation: invitationIdentifier,
};

/** The stored reset links of one user: after a reset, any other link still out must not reset it again. */
export const resetLinksOf = (userId: string) =>
  and(eq(verification.value, userId), like(verification.identifier, identifiers['password-reset']('%')));

/**
 * `POST /api/auth/link-token/check { kind, token }` answers `{ valid }` without spending the token, so a screen
 * opened from an e-mail can say at once that its link is spent or expired, before the user types anything. A POST
 * keeps the token out of access logs. Unknown, spent (deleted on use) and expired tokens are all simply invalid.
 */
export function linkTokens(): BetterAuthPlugin {
  return {
    id: 'link-tokens',
    endpoints: {
      checkLinkToken: createAuthEndpoint('/link-token/check', { method: 'POST', body: linkTokenCheckInputSchema }, async (ctx) => {
        const verification = await ctx.context.internalAdapter.findVerificationValue(identifiers[ctx.body.kind](ctx.body.token));
        const valid = verification !== null && verification.expiresAt > new Date();
        return ctx.json({ valid });
      }),
    },
  };
}
