import { z } from 'zod';
import { emailSchema, fullNameSchema, newPasswordSchema } from '#shared/auth/auth.schema';
import { unlimitedPlanId } from '../db/schema';

/**
 * The sign-up policy (spec sections 4 and 5), in one place: who may sign up with what, how often, and what the new
 * account is. Applied by `validate-account-input.ts` (the body), `routes/auth/auth.routes.ts` (the rate limits) and
 * `auth.ts` (better-auth's options and its user-creation hook). The rules and messages of each field (name, e-mail,
 * password) are the account forms' own (`#shared/auth/auth.schema`), so the register form and a direct API call are
 * held to the same words.
 */

/**
 * `POST /api/auth/sign-up/email`'s body. The form sends `fullName` as `name` (better-auth's field) and may repeat it as
 * `fullName`. better-auth's own checks are looser (its minimum password length is the login minimum).
 */
export const signUpBodySchema = z.object({
  name: fullNameSchema,
  fullName: fullNameSchema.optional(),
  email: emailSchema,
  password: newPasswordSchema,
});

/**
 * What sign-up takes from its body; better-auth would also store `image` and any other user field it knows, so the
 * rest is dropped rather than refused (an old client sending more still signs up).
 */
export const signUpFields: ReadonlySet<string> = new Set(['name', 'fullName', 'email', 'password', 'callbackURL', 'rememberMe']);

/**
 * Sign-up attempts (ARCHITECTURE section 7, docs/api.md "Rate limits"): per client address, and per e-mail address
 * from every client address together. Every attempt counts, successful or not.
 */
export const signUpRateLimits = {
  address: { limit: 20, windowSeconds: 60 * 60 },
  account: { limit: 5, windowSeconds: 60 * 60 },
} as const;

/** A new account is signed in at once: no e-mail confirmation stands between sign-up and the app. */
export const signUpSignsIn = true;

/**
 * What a new account is, on top of what better-auth stores: the first account of a fresh install administers it;
 * whoever signed up chose a password, while an invited account has yet to; the full name is the name unless given.
 */
export function newAccountFields(
  newUser: { name: string; fullName?: unknown; invited?: unknown },
  existingAccounts: number,
): { fullName: string; role: 'admin' | 'user'; hasSetPassword: boolean } {
  return {
    fullName: (newUser.fullName as string | undefined) ?? newUser.name,
    role: existingAccounts === 0 ? 'admin' : 'user',
    hasSetPassword: !newUser.invited,
  };
}

/** The administrator of a fresh install runs it without limits; everyone else starts on Free (no subscription row). */
export function planOfNewAccount(role: unknown): string | undefined {
  return role === 'admin' ? unlimitedPlanId : undefined;
}
