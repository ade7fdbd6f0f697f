import { passwordPolicy } from '../../../../shared/auth/auth.schema';

/** The rule written out under a new-password field, so nobody has to fail it first to learn it. */
export const newPasswordHint = `At least ${passwordPolicy.minLength} characters, with lowercase and uppercase letters, a number and a special character.`;
