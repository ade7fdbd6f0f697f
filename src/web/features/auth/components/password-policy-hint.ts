import { passwordPolicy } from '../../../../shared/auth/auth.schema';

/** The password rule in words, from the same constants the schema checks (spec section 5). */
export const passwordPolicyHint = `At least ${passwordPolicy.minLength} characters, with lowercase and uppercase letters, a number and one of ${passwordPolicy.specialCharacters}`;
