import { APIError, createAuthMiddleware } from 'better-auth/api';
import { z } from 'zod';
import { changePasswordBodySchema, forgotPasswordSchema, loginSchema, newPasswordSchema } from '#shared/auth/auth.schema';
import { isSingleLineText, singleLineText, textMessages } from '#shared/text/safe-text';
import { signUpBodySchema, signUpFields } from './sign-up-policy';

/** A reset or invitation token: only its characters are checked here; better-auth decides whether it is valid. */
const tokenSchema = singleLineText().max(512, 'This link is invalid or has expired.');

/**
 * The account forms' rules (spec section 5) hold for the API too, with the same messages: better-auth's own checks
 * are looser (its minimum password length is the login minimum, 6) and word things differently. Each body is
 * checked against the shared schemas before the endpoint runs.
 */
const bodySchemas: Record<string, z.ZodType> = {
  '/sign-up/email': signUpBodySchema,
  '/sign-in/email': loginSchema,
  '/request-password-reset': forgotPasswordSchema,
  '/reset-password': z.object({ newPassword: newPasswordSchema, token: tokenSchema.optional() }),
  '/change-password': changePasswordBodySchema,
  '/invitation/accept': z.object({ token: tokenSchema }),
};

export const validateAccountInput = createAuthMiddleware(async (ctx) => {
  const body: unknown = ctx.body;
  const fields: Record<string, string> = {};
  const result = bodySchemas[ctx.path]?.safeParse(body ?? {});
  if (result && !result.success) for (const issue of result.error.issues) fields[issue.path.join('.')] ??= issue.message;
  // Every auth endpoint, the administrator's among them, refuses text PostgreSQL cannot store (NUL, lone surrogates).
  // Passwords are never stored as text, and one set long ago must keep working.
  for (const [path, text] of stringsIn(body)) {
    if (!/password/i.test(path) && !isSingleLineText(text)) fields[path] ??= textMessages.controlCharacters;
  }
  const [message] = Object.values(fields);
  if (message) throw new APIError('BAD_REQUEST', { code: 'VALIDATION_FAILED', message, fields });
  if (ctx.path === '/sign-up/email' && isRecord(body)) {
    // Hooks can only add to the body better-auth reads (it merges what they return), so the fields sign-up does not
    // take (sign-up-policy.ts) are removed in place.
    for (const key of Object.keys(body)) if (!signUpFields.has(key)) delete body[key];
  }
});

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Every string in a JSON body with its dotted path (`a.b.0`), as the API names fields. No account body nests deeper
 * than a few levels; a hostile one nested thousands deep is not walked to the bottom (nor is it used).
 */
function* stringsIn(value: unknown, path = '', depth = 0): Generator<[string, string]> {
  if (typeof value === 'string') yield [path || '_', value];
  else if (depth < 8 && (Array.isArray(value) || isRecord(value))) {
    for (const [key, item] of Object.entries(value)) {
      // Keys are text too: `{"\u0000": 1}` reaches better-auth's field handling as well.
      if (!isSingleLineText(key)) yield [path || '_', key];
      yield* stringsIn(item, path ? `${path}.${key}` : key, depth + 1);
    }
  }
}
