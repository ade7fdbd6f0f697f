import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  changePasswordSchema,
  choosePasswordSchema,
  forgotPasswordSchema,
  inviteUserSchema,
  loginSchema,
  profileSchema,
  registerSchema,
} from './auth.schema';

/** The first message per field, as a form shows it. */
function messages(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const byField: Record<string, string> = {};
  for (const issue of result.error.issues) byField[issue.path.join('.')] ??= issue.message;
  return byField;
}

const strong = 'Correct-Horse-Battery-9!';

describe('spec section 5: account form rules', () => {
  it('login: valid e-mail, password of 6+', () => {
    expect(messages(loginSchema, { email: 'nope', password: '12345' })).toEqual({
      email: 'Please enter a valid email address.',
      password: 'Password must be at least 6 characters.',
    });
    expect(messages(loginSchema, { email: ' ada@example.com ', password: '123456' })).toEqual({});
  });

  it('register: name 2+, valid e-mail, the password policy, accepted terms', () => {
    expect(messages(registerSchema, { fullName: 'A', email: 'x', password: 'short', acceptTerms: false })).toEqual({
      fullName: 'Name must be at least 2 characters.',
      email: 'Please enter a valid email address.',
      password: 'Password must be at least 15 characters.',
      acceptTerms: 'You must accept the terms and conditions.',
    });
    expect(messages(registerSchema, { fullName: 'Ada', email: 'ada@example.com', password: strong, acceptTerms: true })).toEqual({});
  });

  it.each([
    ['no lowercase', 'ALL-UPPER-CASE-123!'],
    ['no uppercase', 'all-lower-case-123!'],
    ['no digit', 'No-Digits-Here-At-All!'],
    ['only a special character outside the list', 'Hyphen-Only-Special-1'],
  ])('a 15+ character password with %s breaks the class rule', (_, password) => {
    expect(messages(registerSchema, { fullName: 'Ada', email: 'ada@example.com', password, acceptTerms: true })).toEqual({
      password: 'Password must contain lowercase & uppercase letters, numbers, and special characters',
    });
  });

  it('forgot password: valid e-mail', () => {
    expect(messages(forgotPasswordSchema, { email: 'ada@' })).toEqual({ email: 'Please enter a valid email address.' });
  });

  it('reset / set password: the policy, and the confirmation must match', () => {
    expect(messages(choosePasswordSchema, { password: 'short', confirmPassword: 'short' })).toEqual({
      password: 'Password must be at least 15 characters.',
    });
    expect(messages(choosePasswordSchema, { password: strong, confirmPassword: `${strong}x` })).toEqual({
      confirmPassword: 'Passwords do not match',
    });
  });

  it('settings: current password required, the policy, and "Passwords don\'t match"', () => {
    expect(messages(changePasswordSchema, { currentPassword: '', newPassword: strong, confirmPassword: 'other' })).toEqual({
      currentPassword: 'Please enter your current password.',
      confirmPassword: "Passwords don't match",
    });
    expect(messages(changePasswordSchema, { currentPassword: strong, newPassword: strong, confirmPassword: strong })).toEqual({
      newPassword: 'Your new password must be different from your current password.',
    });
    expect(messages(profileSchema, { fullName: 'A' })).toEqual({ fullName: 'Name must be at least 2 characters.' });
  });

  it('invite: valid e-mail and a name', () => {
    expect(messages(inviteUserSchema, { email: 'x', name: '' })).toEqual({
      email: 'Please enter a valid email address.',
      name: 'Name must be at least 2 characters.',
    });
  });
});
