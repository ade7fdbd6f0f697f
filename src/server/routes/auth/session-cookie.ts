/** better-auth's session cookie with our prefix (auth/auth.ts), `__Secure-` in front when cookies are Secure. */
const sessionCookiePattern = /(?:^|;\s*)(?:__Secure-)?promptcron\.session_token=/;

/** Whether a Cookie header names a session, valid or not: only the server can tell, the cookie being HttpOnly. */
export function carriesSessionCookie(cookieHeader: string | undefined): boolean {
  return sessionCookiePattern.test(cookieHeader ?? '');
}
