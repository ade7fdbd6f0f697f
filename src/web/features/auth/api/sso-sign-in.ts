import { z } from 'zod';
import { apiClient } from '#web/lib/api-client';

/**
 * `POST /api/auth/sign-in/sso` (ADR 0137): the address of the organisation's identity provider for this work e-mail,
 * where the browser goes next; the provider sends it back to `callbackURL`, signed in.
 */
export async function startSsoSignIn(email: string, callbackURL: string): Promise<string> {
  return z.object({ url: z.string() }).parse(await apiClient.post('/api/auth/sign-in/sso', { email, callbackURL })).url;
}
