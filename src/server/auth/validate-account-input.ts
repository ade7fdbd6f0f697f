import { APIError, createAuthMiddleware } from 'better-auth/api';
import { z } from 'zod';
import {
  currentPasswordSchema,
  emailSchema,
  forgotPasswordSchema,
  fullNameSchema,
  loginSchema,
  newPasswordSchema,
} from '#shared/auth/auth.schema';

/**
 * The account forms' rules (spec section 5) hold for the API too, with the same messages: better-auth's own checks
 * are looser (its minimum password length is the login minimum, 6) and word things differently. Each body is
 * checked against the shared schemas before the endpoint runs.
 */
const bodySchemas: Record<string, z.ZodType> = {
  '/sign-up/email': z.object({ name: fullNameSchema, email: emailSchema, password: newPasswordSchema }),
  '/sign-in/email': loginSchema,
  '/request-password-reset': forgotPasswordSchema,
  '/reset-password': z.object({ newPassword: newPasswordSchema }),
  '/change-password': z.object({ currentPassword: currentPasswordSchema, newPassword: newPasswordSchema }),
};

export const validateAccountInput = createAuthMiddleware(async (ctx) => {
  const schema = bodySchemas[ctx.path];
  if (!schema) return;
  const result = schema.safeParse(ctx.body ?? {});
  if (result.success) return;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[issue.path.join('.')] ??= issue.message;
  const message = result.error.issues[0]?.message ?? 'Please check the form for errors.';
  throw new APIError('BAD_REQUEST', { code: 'VALIDATION_FAILED', message, fields });
});
