import type { BetterAuthPlugin } from 'better-auth';
import { createAuthEndpoint } from 'better-auth/api';
import { z } from 'zod';
import { invitationIdentifier } from './invitations';

/** The single-use tokens e-mailed links carry, by the verification row better-auth keeps for each. */
const identifiers = {
  'password-reset': (token: string) => `reset-password:${token}`,
  invitation: invitationIdentifier,
} as const;

export const linkTokenKinds = Object.keys(identifiers) as (keyof typeof identifiers)[];

/**
 * `POST /api/auth/link-token/check { kind, token }` answers `{ valid }` without spending the token, so a screen
 * opened from an e-mail can say at once that its link is spent or expired, before the user types anything. A POST
 * keeps the token out of access logs. Unknown, spent (deleted on use) and expired tokens are all simply invalid.
 */
export function linkTokens(): BetterAuthPlugin {
  return {
    id: 'link-tokens',
    endpoints: {
      checkLinkToken: createAuthEndpoint(
        '/link-token/check',
        { method: 'POST', body: z.object({ kind: z.enum(linkTokenKinds), token: z.string().min(1).max(512) }) },
        async (ctx) => {
          const verification = await ctx.context.internalAdapter.findVerificationValue(identifiers[ctx.body.kind](ctx.body.token));
          const valid = verification !== null && verification.expiresAt > new Date();
          return ctx.json({ valid });
        },
      ),
    },
  };
}
