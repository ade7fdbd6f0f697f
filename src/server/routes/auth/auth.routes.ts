import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from '../../app-env';
import { probeDatabase } from '../../core/system/check-health';
import { ssoProviderForEmail } from '../../auth/single-sign-on';
import { createRouter } from '../create-router';
import { countAttempt, settleAttempt } from './attempt-limits';
import { databaseUnavailableBody, errorBody } from '../errors';
import { carriesSessionCookie } from './session-cookie';
import { revokeByIdRequest, sessionReadPaths, withoutSessionTokens } from './sessions-as-data';
import { passwordRequired, sessionUserOf } from './session-middleware';

/**
 * What an invited user who has not chosen a password yet may still ask of better-auth: the session the SPA reads,
 * signing out, and the flows that act on no session (signing in as someone else, a reset link, another invitation).
 * Everything else (change-password, list or revoke sessions...) answers `password_required`,
 * as requireUser does for our own routes.
 */
const openBeforePassword = new Set([
  '/api/auth/get-session',
  '/api/auth/sign-out',
  '/api/auth/sign-in/email',
  '/api/auth/sign-up/email',
  '/api/auth/request-password-reset',
  '/api/auth/reset-password',
  '/api/auth/invitation/accept',
  '/api/auth/link-token/check',
  // Single sign-on (ADR 0137): its start and its return; the provider's other endpoints stay closed.
  '/api/auth/sign-in/sso',
  '/api/auth/sso/callback',
]);

/**
 * The better-auth endpoints the product offers (docs/api.md, "Accounts"); every other path under /api/auth answers
 * 404. better-auth serves more than we use, and each one open is one more way in: `verify-password` let a borrowed
 * session guess the password without a limit, the social and token endpoints serve nothing here, and the admin
 * plugin's endpoints would change users past core (no audit row, no last-admin check, a suspension whose tasks keep
 * firing), where /api/admin/* is the way.
 */
const offeredPaths = new Set([
  ...openBeforePassword,
  '/api/auth/change-password',
  '/api/auth/list-sessions',
  '/api/auth/revoke-session',
  '/api/auth/revoke-sessions',
  '/api/auth/revoke-other-sessions',
]);

/** better-auth's endpoints under /api/auth, behind our rate limits and with errors in the API's one shape. */
export const authRouter = createRouter().on(['GET', 'POST'], '/api/auth/*', async (c) => {
  if (!offeredPaths.has(offeredPathOf(c.req.path))) {
    return c.json(errorBody('not_found', `No API route ${c.req.method} ${c.req.path}.`), 404);
  }
  const attempt = await countAttempt(c);
  if (attempt && 'limited' in attempt) return attempt.limited;
  if (await awaitsPassword(c)) return passwordRequired(c);
  const revoking = c.req.method === 'POST' && c.req.path === '/api/auth/revoke-session';
  const signingInWithSso = c.req.method === 'POST' && c.req.path === '/api/auth/sign-in/sso';
  const request = revoking ? await revokeByIdRequest(c) : signingInWithSso ? await ssoSignInRequest(c) : c.req.raw;
  if (request instanceof Response) return request;
  const answered = await c.var.deps.auth.handler(request);
  const response = sessionReadPaths.has(c.req.path) ? await withoutSessionTokens(answered) : answered;
  // better-auth answers a failed query with its own 500; an unreachable database is a 503 like everywhere else.
  if (response.status >= 500 && !(await probeDatabase(c.var.deps.pool))) return c.json(databaseUnavailableBody, 503);
  if (c.req.method === 'POST') forgetChangedSessions(c);
  const settled = attempt ? await settleAttempt(c, attempt, response) : response;
  const answer = settled.status >= 400 ? await toErrorShape(c, settled) : settled;
  // A session, the user or a new session cookie: never kept by a cache.
  return carriesSessionCookie(c.req.header('cookie')) || answer.headers.has('set-cookie') ? withNoStore(answer) : answer;
});

/** Every provider's callback, `/api/auth/sso/callback/{providerId}`, is one offered path. */
function offeredPathOf(path: string): string {
  return /^\/api\/auth\/sso\/callback\/[^/]+$/.test(path) ? '/api/auth/sso/callback' : path;
}

/**
 * `POST /api/auth/sign-in/sso { email, callbackURL }`: the provider is the one whose proved domain is the address's,
 * chosen here rather than by the plugin, which would take any provider naming the domain (proved or not) or one the
 * caller names. Only the e-mail and the app's return URLs reach the plugin: no scopes or extra parameters.
 */
async function ssoSignInRequest(c: Context<AppEnv>): Promise<Request | Response> {
  const body = (await c.req.raw
    .clone()
    .json()
    .catch(() => ({}))) as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  const email = text(body.email)?.trim().toLowerCase();
  if (!email || !email.includes('@')) {
    return c.json(errorBody('validation_failed', 'Enter your work e-mail address.', { email: 'Enter your work e-mail address.' }), 400);
  }
  const provider = await ssoProviderForEmail(c.var.deps.db, email);
  if (!provider) {
    return c.json(errorBody('sso_unavailable', 'Single sign-on is not set up for this e-mail domain. Sign in with your password.'), 403);
  }
  const headers = new Headers(c.req.raw.headers);
  headers.delete('content-length');
  headers.set('content-type', 'application/json');
  const forwarded = {
    email,
    providerId: provider.providerId,
    callbackURL: text(body.callbackURL),
    errorCallbackURL: text(body.errorCallbackURL),
    newUserCallbackURL: text(body.newUserCallbackURL),
  };
  return new Request(c.req.raw.url, { method: 'POST', headers, body: JSON.stringify(forwarded) });
}

function withNoStore(response: Response): Response {
  const headers = new Headers(response.headers);
  headers.set('Cache-Control', 'no-store');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * Sign-out, revocations, password and account changes hold for the next request in this process at once (other
 * processes hear of them from the database).
 */
function forgetChangedSessions(c: Context<AppEnv>): void {
  const cookie = c.req.header('cookie');
  if (cookie) c.var.deps.signedInSessions.forgetSessionOf(cookie);
}

async function awaitsPassword(c: Context<AppEnv>): Promise<boolean> {
  if (openBeforePassword.has(offeredPathOf(c.req.path)) || !carriesSessionCookie(c.req.header('cookie'))) return false;
  return (await sessionUserOf(c))?.mustSetPassword === true;
}

const accountSuspendedMessage = 'Your account has been suspended. Contact support.';

/** better-auth answers `{ code: "INVALID_TOKEN", message }`; the API's shape is `{ error: { code: "invalid_token", message } }`. */
async function toErrorShape(c: Context<AppEnv>, response: Response): Promise<Response> {
  // better-auth answers a path it does not serve (or one turned off) with an empty or plain-text 404.
  if (!response.headers.get('content-type')?.includes('application/json')) {
    const body =
      response.status === 404
        ? errorBody('not_found', `No API route ${c.req.method} ${c.req.path}.`)
        : errorBody('auth_error', 'The request could not be completed.');
    return c.json(body, response.status as ContentfulStatusCode);
  }
  const body = (await response.json().catch(() => ({}))) as { code?: unknown; message?: unknown; fields?: unknown };
  const given = typeof body.code === 'string' ? body.code.toLowerCase() : 'auth_error';
  // better-auth's own check of a body's shape runs before our hook (validate-account-input.ts) and names its findings
  // "[body.password] Invalid input: …": the same refusal as ours, in the API's words.
  if (given === 'validation_error' && typeof body.message === 'string') {
    const fields = shapeIssues(body.message);
    const [first = 'The request is not valid.'] = Object.values(fields);
    return c.json(errorBody('validation_failed', first, fields), 400);
  }
  // better-auth's admin plugin refuses a banned user's new session (sign-in, invitation) with its own words.
  const suspended = given === 'banned_user';
  const code = suspended ? 'account_suspended' : given;
  const message = suspended
    ? accountSuspendedMessage
    : typeof body.message === 'string' && body.message
      ? body.message
      : 'The request could not be completed.';
  const fields = body.fields && typeof body.fields === 'object' ? (body.fields as Record<string, string>) : undefined;
  // A taken e-mail is a conflict with existing data, whatever better-auth's status for it.
  const status = suspended ? 403 : code.startsWith('user_already_exists') ? 409 : response.status;
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  headers.set('content-type', 'application/json');
  return new Response(JSON.stringify(errorBody(code, message, fields)), { status, headers });
}

/** better-call's "[body.email] msg; [body.password] msg" as the API's fields: `{ email: msg, password: msg }`. */
function shapeIssues(message: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [, path = '', text = ''] of message.matchAll(/\[(?:body|query)\.?([^\]]*)\] ([^;]*)(?:; |$)/g)) {
    fields[path || '_'] ??= text;
  }
  return fields;
}
