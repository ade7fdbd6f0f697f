import { z } from 'zod';
import { singleLineText } from '../text/safe-text';

/**
 * The account forms' rules and messages (spec section 5), used by the forms and by the server, so a direct API call
 * is held to the same policy as the screens.
 */

export const passwordPolicy = {
  minLength: 15,
  /** What sign-in accepts (and better-auth's own minimum): accounts may predate the current policy. */
  loginMinLength: 6,
  maxLength: 128,
  /** A password must contain one of these (spec section 5). */
  specialCharacters: '!@#$%^&*(),.?":{}|<>',
} as const;

export const passwordMessages = {
  tooShort: 'Password must be at least 15 characters.',
  tooLong: 'Password must be at most 128 characters.',
  missingClasses: 'Password must contain lowercase & uppercase letters, numbers, and special characters',
  sameAsCurrent: 'Your new password must be different from your current password.',
} as const;

/** The rule in words, shown under every new-password field so nobody has to fail it first to learn it. */
export const passwordPolicyHint = `At least ${passwordPolicy.minLength} characters, with lowercase and uppercase letters, a number and one of ${passwordPolicy.specialCharacters}`;

export function hasEveryCharacterClass(password: string): boolean {
  return (
    /[a-z]/.test(password) &&
    /[A-Z]/.test(password) &&
    /\d/.test(password) &&
    [...password].some((character) => passwordPolicy.specialCharacters.includes(character))
  );
}

/** The password rule for sign-up, reset, set and change. */
export const newPasswordSchema = z
  .string()
  .min(passwordPolicy.minLength, passwordMessages.tooShort)
  .max(passwordPolicy.maxLength, passwordMessages.tooLong)
  .refine(hasEveryCharacterClass, passwordMessages.missingClasses);

const emailMessage = 'Please enter a valid email address.';

/** 254 characters is the longest address SMTP can deliver to (RFC 5321 with RFC 3696 erratum 1690). */
export const emailSchema = singleLineText({ error: emailMessage })
  .trim()
  .max(254, 'Email address must be at most 254 characters.')
  .pipe(z.email(emailMessage));

export const fullNameSchema = singleLineText({ error: 'Please enter your name.' })
  .trim()
  .min(2, 'Name must be at least 2 characters.')
  .max(100, 'Name must be at most 100 characters.');

/** Sign-in accepts any password of 6+ characters: accounts may predate the current policy. */
export const loginPasswordSchema = z
  .string()
  .min(passwordPolicy.loginMinLength, 'Password must be at least 6 characters.')
  .max(passwordPolicy.maxLength, passwordMessages.tooLong);

export const currentPasswordSchema = z.string().min(1, 'Please enter your current password.');

export const loginSchema = z.object({ email: emailSchema, password: loginPasswordSchema });

export const registerSchema = z.object({
  fullName: fullNameSchema,
  email: emailSchema,
  password: newPasswordSchema,
  acceptTerms: z.boolean().refine((accepted) => accepted, 'You must accept the terms and conditions.'),
});

export const forgotPasswordSchema = z.object({ email: emailSchema });

/** /reset-password, /set-password and the Set Password form of invited users. */
export const choosePasswordSchema = z
  .object({ password: newPasswordSchema, confirmPassword: z.string() })
  .refine((value) => value.password === value.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });

/**
 * The current password again as the new one would change nothing, yet sign every other session out and tell the user
 * it was updated.
 */
function newPasswordDiffers(value: { currentPassword: string; newPassword: string }): boolean {
  return value.newPassword !== value.currentPassword;
}
const sameAsCurrent = { message: passwordMessages.sameAsCurrent, path: ['newPassword'] };

/** `POST /api/auth/change-password` as the server checks it. */
export const changePasswordBodySchema = z
  .object({ currentPassword: currentPasswordSchema, newPassword: newPasswordSchema })
  .refine(newPasswordDiffers, sameAsCurrent);

/** Settings → Security. */
export const changePasswordSchema = z
  .object({
    currentPassword: currentPasswordSchema,
    newPassword: newPasswordSchema,
    confirmPassword: z.string(),
  })
  .refine(newPasswordDiffers, sameAsCurrent)
  .refine((value) => value.newPassword === value.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });

/** Settings → Profile. */
export const profileSchema = z.object({ fullName: fullNameSchema });

/** Admin "Add User": an invited account that sets its own password from an e-mailed link. */
export const inviteUserSchema = z.object({ email: emailSchema, name: fullNameSchema });

export type LoginInput = z.infer<typeof loginSchema>;
export type RegisterInput = z.infer<typeof registerSchema>;
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;
export type ChoosePasswordInput = z.infer<typeof choosePasswordSchema>;
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;
export type ProfileInput = z.infer<typeof profileSchema>;
export type InviteUserInput = z.infer<typeof inviteUserSchema>;
