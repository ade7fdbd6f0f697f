import { z } from 'zod';

/**
 * Settings → Profile → Danger zone (issue 24): deleting one's own account is confirmed by typing the account's e-mail
 * and the current password. The form and `POST /api/me/delete-account` check the same fields; whether they match the
 * account is the server's to say.
 */
export const deleteAccountInputSchema = z.object({
  email: z.string().trim().min(1, 'Type your e-mail address to confirm.').max(320, 'Type your e-mail address to confirm.'),
  password: z.string().min(1, 'Enter your current password.').max(128, 'The password is not correct.'),
});

export type DeleteAccountInput = z.infer<typeof deleteAccountInputSchema>;

export const deleteAccountMessages = {
  emailMismatch: 'This is not the e-mail address of your account.',
  wrongPassword: 'The password is not correct.',
} as const;
