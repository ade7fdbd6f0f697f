/** better-auth's session cookie with our prefix (auth/auth.ts); `__Secure-` goes in front when cookies are Secure. */
export const sessionCookieName = 'promptcron.session_token';

// Spaces around a name or "=" are trimmed by better-call's cookie parser, so they must not hide one here either.
const sessionCookiePattern = /(?:^|;)\s*(?:__Secure-)?promptcron\.session_token\s*=/;

/** Whether a Cookie header names a session, valid or not: only the server can tell, the cookie being HttpOnly. */
export function carriesSessionCookie(cookieHeader: string | undefined): boolean {
  return sessionCookiePattern.test(cookieHeader ?? '');
}
