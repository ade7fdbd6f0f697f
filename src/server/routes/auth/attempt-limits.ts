import { getConnInfo } from '@hono/node-server/conninfo';
import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { isSingleLineText } from '#shared/text/safe-text';
import type { AppEnv } from '../../app-env';
import { secureCookies } from '../../auth/auth';
import { knownDeviceCookie, knownDeviceOf } from '../../auth/known-devices';
import { signUpRateLimits } from '../../auth/sign-up-policy';
import { hitRateLimit, refundRateLimit, type RateLimitRule } from '../../core/security/rate-limit';
import { user } from '../../db/schema';
import { enqueue } from '../../queue/enqueue';
import { sendAccountEmailJob } from '../../queue/job-definitions';
import { errorBody } from '../errors';
import { sessionUserOf } from './session-middleware';

/** The limits of one endpoint (ARCHITECTURE section 7, docs/security.md "Rate limits"). */
interface AttemptLimits {
  /** Per client address. */
  address: RateLimitRule;
  /** Per account (the e-mail address in the body), from every unknown device together. */
  account?: RateLimitRule;
  /**
   * Per account and client address, the limit a guesser meets first; for a known device of the account (a device
   * cookie, auth/known-devices.ts), per account and device instead, in place of the account-wide limit.
   */
  accountFromAddress?: RateLimitRule;
  /** Per signed-in account (the session's user), from every address together. */
  signedInAccount?: RateLimitRule;
  /** Only failed attempts count: a success gives its attempt back. */
  failuresOnly?: boolean;
  /** A success makes the browser a known device of the account. */
  marksKnownDevice?: boolean;
  /** A refused request (4xx) did nothing for the account: it gives back the account's count, not the address's. */
  refusedCostsAccountNothing?: boolean;
}

const attemptLimits: Record<string, AttemptLimits> = {
  // A stranger's wrong passwords must not lock the owner out: they exhaust their own address's allowance, and the
  // account-wide limit, which stops guessing spread over many addresses, applies to unknown devices only.
  '/api/auth/sign-in/email': {
    address: { limit: 30, windowSeconds: 5 * 60 },
    accountFromAddress: { limit: 10, windowSeconds: 15 * 60 },
    account: { limit: 100, windowSeconds: 60 * 60 },
    failuresOnly: true,
    marksKnownDevice: true,
  },
  '/api/auth/sign-up/email': { ...signUpRateLimits, marksKnownDevice: true },
  // At most one reset e-mail a minute per address.
  '/api/auth/request-password-reset': {
    address: { limit: 10, windowSeconds: 15 * 60 },
    account: { limit: 1, windowSeconds: 60 },
    refusedCostsAccountNothing: true,
  },
  '/api/auth/reset-password': { address: { limit: 10, windowSeconds: 15 * 60 } },
  // A borrowed session guessing the current password from many addresses meets the account's own limit, as deleting
  // the account does (core/users/delete-own-account.ts).
  '/api/auth/change-password': { address: { limit: 10, windowSeconds: 15 * 60 }, signedInAccount: { limit: 5, windowSeconds: 15 * 60 } },
  '/api/auth/invitation/accept': { address: { limit: 10, windowSeconds: 15 * 60 } },
  // Single sign-on (ADR 0137): each start and each return costs the identity provider and us a round of requests.
  '/api/auth/sign-in/sso': { address: { limit: 20, windowSeconds: 5 * 60 }, account: { limit: 20, windowSeconds: 15 * 60 } },
  '/api/auth/sso/callback': { address: { limit: 20, windowSeconds: 5 * 60 } },
  // Generous, for screens opened again and again, yet far too few to guess a token.
  '/api/auth/link-token/check': { address: { limit: 60, windowSeconds: 15 * 60 } },
};

/** The limited endpoint a request is: a POST, or the single sign-on callback, one limit for every provider's path. */
function limitedPath(c: Context<AppEnv>): string | undefined {
  if (c.req.method === 'GET' && c.req.path.startsWith('/api/auth/sso/callback/')) return '/api/auth/sso/callback';
  return c.req.method === 'POST' ? c.req.path : undefined;
}

const rateLimitMessage = 'Too many attempts. Please wait a moment and try again.';

/** One attempt at a limited endpoint: what it counted, to give back or build on once better-auth has answered. */
export interface CountedAttempt {
  limits: AttemptLimits;
  keys: string[];
  /** The keys of the per-account limit, among `keys`. */
  accountKeys: string[];
  email: string | undefined;
}

/**
 * Counts a POST to a limited `/api/auth/*` endpoint against each of its limits: the 429 answer when one is exceeded,
 * undefined for an endpoint without limits.
 */
export async function countAttempt(c: Context<AppEnv>): Promise<CountedAttempt | { limited: Response } | undefined> {
  const path = limitedPath(c);
  const limits = path ? attemptLimits[path] : undefined;
  if (!path || !limits) return undefined;
  const address = clientAddress(c);
  const email = limits.account || limits.accountFromAddress ? await emailInBody(c) : undefined;
  const device =
    email && limits.marksKnownDevice
      ? knownDeviceOf({ secret: await authSecret(c), email, cookieHeader: c.req.header('cookie') })
      : undefined;
  const rules: { key: string; rule: RateLimitRule; accountWide?: boolean }[] = [{ key: `${path}:ip:${address}`, rule: limits.address }];
  if (email && device && limits.accountFromAddress)
    rules.push({ key: `${path}:email-device:${email}:${device}`, rule: limits.accountFromAddress });
  if (email && !device && limits.accountFromAddress)
    rules.push({ key: `${path}:email-ip:${email}:${address}`, rule: limits.accountFromAddress });
  if (email && !device && limits.account) rules.push({ key: `${path}:email:${email}`, rule: limits.account, accountWide: true });
  const signedIn = limits.signedInAccount && (await sessionUserOf(c));
  if (signedIn && limits.signedInAccount) rules.push({ key: `${path}:user:${signedIn.id}`, rule: limits.signedInAccount });
  const keys: string[] = [];
  const accountKeys: string[] = [];
  for (const { key, rule, accountWide } of rules) {
    const verdict = await hitRateLimit({ db: c.var.deps.db, key, rule });
    keys.push(key);
    if (accountWide) accountKeys.push(key);
    if (!verdict.allowed) {
      c.var.log.warn({ key }, 'rate limited');
      // The first refusal of a window, not every one: the owner hears of it once.
      if (accountWide && limits.failuresOnly && email && verdict.attempts === rule.limit + 1) await tellOwnerOfPause(c, email);
      c.header('Retry-After', String(verdict.retryAfterSeconds));
      return { limited: c.json(errorBody('rate_limited', rateLimitMessage), 429) };
    }
  }
  return { limits, keys, accountKeys, email };
}

/**
 * After better-auth answered: a success gives back what counted failures only, and makes this browser a known
 * device of the account it signed in to; a refusal gives back the account's count where it did nothing for it.
 */
export async function settleAttempt(c: Context<AppEnv>, attempt: CountedAttempt, response: Response): Promise<Response> {
  if (response.status >= 400) {
    if (attempt.limits.refusedCostsAccountNothing && response.status < 500) await giveBack(c, attempt.accountKeys);
    return response;
  }
  if (attempt.limits.failuresOnly) await giveBack(c, attempt.keys);
  if (!attempt.limits.marksKnownDevice || !attempt.email) return response;
  const headers = new Headers(response.headers);
  const secure = secureCookies(c.var.deps.env);
  headers.append('Set-Cookie', knownDeviceCookie({ secret: await authSecret(c), email: attempt.email, secure }));
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

async function giveBack(c: Context<AppEnv>, keys: string[]): Promise<void> {
  await Promise.all(keys.map((key) => refundRateLimit({ db: c.var.deps.db, key })));
}

async function authSecret(c: Context<AppEnv>): Promise<string> {
  return (await c.var.deps.auth.$context).secret;
}

/** Sign-ins from unknown devices are paused: the owner learns it, and that their own browsers still get in. */
async function tellOwnerOfPause(c: Context<AppEnv>, email: string): Promise<void> {
  const { db, env } = c.var.deps;
  const [owner] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
  if (!owner) return;
  await enqueue(sendAccountEmailJob, { kind: 'sign-in-paused', userId: owner.id, url: `${env.APP_URL}/forgot-password` }, { db });
}

/**
 * The address the limits count. Behind `TRUST_PROXY` proxies it is the hop the outermost of them appended, counted
 * from the right of X-Forwarded-For: the hops left of it are the client's own words, and reading the first one let a
 * client pick a new address for every attempt.
 */
function clientAddress(c: Context<AppEnv>): string {
  const proxies = c.var.deps.env.TRUST_PROXY;
  if (proxies > 0) {
    const hops = (c.req.header('x-forwarded-for') ?? '').split(',').map((hop) => hop.trim());
    const forwarded = hops[Math.max(0, hops.length - proxies)];
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown'; // requests made in-process (tests) have no socket
  }
}

/**
 * The e-mail of the attempt, read as better-auth reads it (better-call's getBody): a JSON media type first, then
 * form-encoded and multipart bodies, the type compared in any case. A limit that read the body otherwise could be
 * walked around by a body better-auth reads and this does not (a form posted as `Application/X-WWW-Form-Urlencoded`
 * once did).
 */
async function emailInBody(c: Context<AppEnv>): Promise<string | undefined> {
  try {
    const request = c.req.raw.clone();
    const type = (request.headers.get('content-type') ?? '').toLowerCase();
    const email = jsonMediaType.test(type)
      ? ((await request.json()) as { email?: unknown }).email
      : type.includes('application/x-www-form-urlencoded') || type.includes('multipart/form-data')
        ? (await request.formData()).get('email')
        : undefined;
    // Text PostgreSQL cannot store (NUL) must not become a rate-limit key; the body is refused as invalid anyway.
    return typeof email === 'string' && isSingleLineText(email) ? email.trim().toLowerCase() : undefined;
  } catch {
    return undefined;
  }
}

const jsonMediaType = /^application\/([a-z0-9.+-]*\+)?json/;
