import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { mustSetPassword } from '#shared/auth/must-set-password';
import type { AppEnv } from '../../app-env';
import type { SessionUser } from '../../auth/signed-in-sessions';
import { isInvited } from '../../core/users/to-me-user';
import { findActingWorkspace } from '../../core/workspaces/workspace-membership';
import { errorBody } from '../errors';
import { presetHeader } from '../response-headers';

/** The user the request's session cookie names, if it is valid; kept between requests by SignedInSessions. */
export async function sessionUserOf(c: Context<AppEnv>): Promise<SessionUser | undefined> {
  // c.get, not c.var: every read of `c.var` copies all the request's variables into a new object.
  const { auth, db, env, signedInSessions } = c.get('deps');
  const cookie = c.req.header('cookie');
  if (!cookie) return undefined;
  return signedInSessions.user(cookie, async () => {
    const session = await auth.api.getSession({ headers: c.req.raw.headers });
    if (!session) return undefined;
    const account = session.user as {
      id: string;
      email: string;
      role?: string | null;
      invited?: boolean | null;
      hasSetPassword?: boolean | null;
    };
    const { id, email } = account;
    const invited = isInvited({ email, invited: account.invited === true }, env.INVITE_EMAIL_DOMAIN);
    const personalWorkspace = await findActingWorkspace({ db, workspaceId: undefined, userId: id });
    return {
      user: {
        id,
        email,
        role: account.role === 'admin' ? 'admin' : 'user',
        mustSetPassword: mustSetPassword({ invited, hasSetPassword: account.hasSetPassword === true }),
        personalWorkspace,
      },
      expiresAt: session.session.expiresAt,
    };
  });
}

/** The answer to anything an invited user asks before choosing a password (spec section 4, issue 15). */
export function passwordRequired(c: Context<AppEnv>) {
  return c.json(errorBody('password_required', 'Set your password first.'), 403);
}

function signedIn({ beforePassword }: { beforePassword: boolean }) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const user = await sessionUserOf(c);
    if (!user) return c.json(errorBody('unauthorized', 'Please sign in to continue.'), 401);
    if (user.mustSetPassword && !beforePassword) return passwordRequired(c);
    c.set('sessionUser', user);
    // What one user's session reads is theirs alone: no browser or proxy cache may keep it (a shared computer's back
    // button, a misconfigured CDN). A handler that streams may still set its own.
    presetHeader(c, 'Cache-Control', 'no-store');
    try {
      await next();
    } finally {
      // What a user changes here holds for their next request here, without waiting for the database's notification.
      if (c.req.method !== 'GET') c.var.deps.signedInSessions.forgetUser(user.id);
    }
  });
}

/**
 * 401 unless the request carries a valid session; exposes the user as `c.var.sessionUser`. An invited user who has
 * not chosen a password yet gets 403 `password_required`: until then the account is only a way to choose one.
 */
export const requireUser = signedIn({ beforePassword: false });

/** Like requireUser, and open to an invited user without a password: only for what /set-password needs. */
export const requireUserBeforePassword = signedIn({ beforePassword: true });

/** Use after requireUser: 403 for anyone but administrators, checked on every request. */
export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  if (c.var.sessionUser.role !== 'admin') return c.json(errorBody('forbidden', 'You need admin access to do this.'), 403);
  await next();
});
