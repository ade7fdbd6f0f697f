import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env';
import { errorBody } from '../routes/errors';

/** 401 unless the request carries a valid session; exposes the user as `c.var.sessionUser`. */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  const session = await c.var.deps.auth.api.getSession({ headers: c.req.raw.headers });
  if (!session) return c.json(errorBody('unauthorized', 'Please sign in to continue.'), 401);
  const { id, email, role } = session.user as { id: string; email: string; role?: string | null };
  c.set('sessionUser', { id, email, role: role === 'admin' ? 'admin' : 'user' });
  await next();
});

/** Use after requireUser: 403 for anyone but administrators, checked on every request. */
export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  if (c.var.sessionUser.role !== 'admin') return c.json(errorBody('forbidden', 'You need admin access to do this.'), 403);
  await next();
});
