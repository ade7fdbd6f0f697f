import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../app-env';
import { inviteUser as inviteUserCore } from '../../core/users/invite-user';
import type { inviteUserRoute } from './admin.routes';

export const inviteUser: RouteHandler<typeof inviteUserRoute, AppEnv> = async (c) => {
  const { db, mailer, env } = c.var.deps;
  const user = await inviteUserCore({ db, mailer, appUrl: env.APP_URL, invitedBy: c.var.sessionUser, input: c.req.valid('json') });
  c.var.log.info({ invitedUserId: user.id, by: c.var.sessionUser.id }, 'user invited');
  return c.json({ user }, 201);
};
