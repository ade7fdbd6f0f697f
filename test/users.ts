import { randomBytes, randomUUID } from 'node:crypto';
import { hashPassword } from 'better-auth/crypto';
import { createPersonalWorkspace } from '#server/auth/personal-workspace';
import { findPersonalWorkspaceId } from '#server/core/billing/personal-workspace-of';
import type { Database } from '#server/db/client';
import { account, session, subscriptions, unlimitedPlanId, user } from '#server/db/schema/index';
import { strongPassword } from './fixtures';

/**
 * Users and sessions written straight to the database, as sign-up and sign-in would leave them, so that a change to
 * the sign-up form or its policy touches only the tests of sign-up. Every user can still sign in with
 * `strongPassword`.
 */

export interface TestUserInput {
  /** The display name; the e-mail is made from it unless given. */
  name?: string;
  email?: string;
  role?: 'admin' | 'user';
  /** `unlimited` for an admin (as the first account of an install gets), Free (no subscription row) otherwise. */
  plan?: 'free' | 'unlimited';
  /** Created by an invitation and without a password of its own yet (ADR 0006). */
  invited?: boolean;
  banned?: boolean;
  /** Whether the account has proven its address (ADR 0094); yes, as every account before that rule. */
  emailVerified?: boolean;
}

export interface TestUser {
  id: string;
  name: string;
  email: string;
  role: 'admin' | 'user';
  password: string;
}

let unnamed = 0;
// scrypt takes tens of milliseconds; one hash serves every test user, since they all share the password.
let passwordHash: Promise<string> | undefined;

export function emailOf(name: string): string {
  return `${name.toLowerCase().replace(/\W/g, '')}@example.com`;
}

export async function createTestUser(db: Database, input: TestUserInput = {}): Promise<TestUser> {
  const name = input.name ?? `Test User ${(unnamed += 1)}${randomBytes(3).toString('hex')}`;
  const email = input.email ?? emailOf(name);
  const role = input.role ?? 'user';
  const invited = input.invited ?? false;
  const id = randomUUID();
  await db.insert(user).values({
    id,
    name,
    fullName: name,
    email,
    role,
    invited,
    hasSetPassword: !invited,
    banned: input.banned ?? false,
    emailVerified: input.emailVerified ?? true,
  });
  if (!invited) {
    passwordHash ??= hashPassword(strongPassword);
    await db.insert(account).values({
      id: randomUUID(),
      userId: id,
      accountId: id,
      providerId: 'credential',
      password: await passwordHash,
    });
  }
  // Every account has its personal workspace, as sign-up makes it (ADR 0131).
  await createPersonalWorkspace(db, { id, name, fullName: name, email });
  if ((input.plan ?? (role === 'admin' ? 'unlimited' : 'free')) === 'unlimited') {
    await subscribePersonal(db, id, { planId: unlimitedPlanId, status: 'active' });
  }
  return { id, name, email, role, password: strongPassword };
}

/** Where the session cookie goes and what signs it: better-auth's own settings of the app under test. */
export interface SessionCookieSettings {
  name: string;
  secret: string;
}

/**
 * A session row and the cookie a browser would hold for it: the token signed as better-auth (better-call) signs
 * cookies, HMAC-SHA-256 in base64 after a dot, URI-encoded.
 */
export async function createTestSession(
  db: Database,
  cookie: SessionCookieSettings,
  { userId, ip }: { userId: string; ip?: string },
): Promise<{ name: string; value: string }> {
  const token = randomBytes(24).toString('base64url');
  await db.insert(session).values({
    id: randomUUID(),
    userId,
    token,
    expiresAt: new Date(Date.now() + 7 * 24 * 3_600_000),
    ipAddress: ip ?? null,
    userAgent: 'Promptcron tests',
  });
  return { name: cookie.name, value: await signCookieValue(token, cookie.secret) };
}

async function signCookieValue(value: string, secret: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const signature = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(value));
  return encodeURIComponent(`${value}.${Buffer.from(signature).toString('base64')}`);
}

/** The account's personal workspace, whose plan is the account's own (ADR 0140). */
export async function personalWorkspaceId(db: Database, userId: string): Promise<string> {
  const id = await findPersonalWorkspaceId(db, userId);
  if (!id) throw new Error(`no personal workspace for ${userId}`);
  return id;
}

/** Writes the subscription row of the account's personal workspace, as a checkout or an administrator would. */
export async function subscribePersonal(
  db: Database,
  userId: string,
  values: Omit<typeof subscriptions.$inferInsert, 'workspaceId'>,
): Promise<typeof subscriptions.$inferSelect> {
  const [row] = await db
    .insert(subscriptions)
    .values({ workspaceId: await personalWorkspaceId(db, userId), ...values })
    .returning();
  if (!row) throw new Error('subscription insert returned no row');
  return row;
}
