import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../app-env';
import { errorBody } from '../errors';

/** 401 unless the request carries a valid session; exposes the user as `c.var.sessionUser`. */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  const { auth, signedInSessions } = c.var.deps;
  const cookie = c.req.header('cookie');
  const user = cookie
    ? await signedInSessions.user(cookie, async () => {
        const session = await auth.api.getSession({ headers: c.req.raw.headers });
        if (!session) return undefined;
        const { id, email, role } = session.user as { id: string; email: string; role?: string | null };
        return { user: { id, email, role: role === 'admin' ? 'admin' : 'user' }, expiresAt: session.session.expiresAt };
      })
    : undefined;
  if (!user) return c.json(errorBody('unauthorized', 'Please sign in to continue.'), 401);
  c.set('sessionUser', user);
  try {
    await next();
  } finally {
    // What a user changes here holds for their next request here, without waiting for the database's notification.
    if (c.req.method !== 'GET') signedInSessions.forgetUser(user.id);
  }
});

/** Use after requireUser: 403 for anyone but administrators, checked on every request. */
export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  if (c.var.sessionUser.role !== 'admin') return c.json(errorBody('forbidden', 'You need admin access to do this.'), 403);
  await next();
});
