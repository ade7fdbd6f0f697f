import { z } from 'zod';
import { domainPattern, ssoOutsideDomainCode, ssoOutsideDomainMessage } from '#shared/workspaces/sso.schema';
import { apiClient } from '#web/lib/api-client';

/**
 * `POST /api/auth/sign-in/sso` (ADR 0137): the address of the organisation's identity provider for this work e-mail,
 * where the browser goes next; the provider sends it back to `callbackURL` signed in, or to `errorCallbackURL` with
 * `error` and `error_description` in its query when the sign-in was refused (ADR 0143).
 */
export async function startSsoSignIn(email: string, { callbackURL, errorCallbackURL }: { callbackURL: string; errorCallbackURL: string }) {
  const answer = await apiClient.post('/api/auth/sign-in/sso', { email, callbackURL, errorCallbackURL });
  return z.object({ url: z.string() }).parse(answer).url;
}

/**
 * What the login page says about a single sign-on its callback sent back with `error`. The query is anyone's to write,
 * so only a well-formed domain is taken from it, never free text.
 */
export function ssoFailureMessage(query: URLSearchParams): string | undefined {
  const error = query.get('error');
  if (!error) return undefined;
  if (error === ssoOutsideDomainCode) {
    const domain = /^This single sign-on is for (\S+) addresses only\.$/.exec(query.get('error_description') ?? '')?.[1];
    return domain && domainPattern.test(domain)
      ? ssoOutsideDomainMessage(domain)
      : 'This single sign-on is for addresses of its organisation’s domain only.';
  }
  return 'Single sign-on did not finish. Try again, or sign in with your password.';
}
