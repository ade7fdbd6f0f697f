import type { RouteConfig, RouteHandler } from '@hono/zod-openapi';
import { stream } from 'hono/streaming';
import type { AppEnv } from '../../app-env';
import { changeUser as changeUserCore } from '../../core/admin/users/change-user';
import { deleteUser as deleteUserCore } from '../../core/admin/users/delete-user';
import { exportUsersCsv } from '../../core/admin/users/export-users';
import { getUserProfile } from '../../core/admin/users/get-user-profile';
import { listUsers as listUsersCore } from '../../core/admin/users/list-users';
import { resendInvitation as resendInvitationCore } from '../../core/admin/users/resend-invitation';
import { sendPasswordReset as sendPasswordResetCore } from '../../core/admin/users/send-password-reset';
import { suspendUser as suspendUserCore, unsuspendUser as unsuspendUserCore } from '../../core/admin/users/suspend-user';
import type * as routes from './admin-users.routes';

type Handler<R extends RouteConfig> = RouteHandler<R, AppEnv>;

export const listUsers: Handler<typeof routes.listUsersRoute> = async (c) => {
  const { cursor, limit, ...filter } = c.req.valid('query');
  const { pool, db, adminListTotals } = c.var.deps;
  return c.json(await listUsersCore({ pool, db, totals: adminListTotals, filter, cursor, limit }), 200);
};

export const exportUsers: Handler<typeof routes.exportUsersRoute> = (c) => {
  const filter = c.req.valid('query');
  const day = new Date().toISOString().slice(0, 10);
  c.header('Content-Type', 'text/csv; charset=utf-8');
  c.header('Content-Disposition', `attachment; filename="promptcron-users-${day}.csv"`);
  return stream(c, async (out) => {
    for await (const chunk of exportUsersCsv({ db: c.var.deps.db, filter })) await out.write(chunk);
  }) as never;
};

export const getUser: Handler<typeof routes.getUserRoute> = async (c) =>
  c.json(await getUserProfile({ db: c.var.deps.db, userId: c.req.valid('param').id }), 200);

export const changeUser: Handler<typeof routes.changeUserRoute> = async (c) => {
  const userId = c.req.valid('param').id;
  await changeUserCore({ db: c.var.deps.db, actorId: c.var.sessionUser.id, userId, change: c.req.valid('json') });
  // A new role must hold for that user's next request in this process too.
  c.var.deps.signedInSessions.forgetUser(userId);
  return c.json({ ok: true as const }, 200);
};

export const resendInvitation: Handler<typeof routes.resendInvitationRoute> = async (c) => {
  const { db, mailer, env } = c.var.deps;
  await resendInvitationCore({ db, mailer, appUrl: env.APP_URL, actor: c.var.sessionUser, userId: c.req.valid('param').id });
  return c.json({ ok: true as const }, 200);
};

export const suspendUser: Handler<typeof routes.suspendUserRoute> = async (c) => {
  const userId = c.req.valid('param').id;
  await suspendUserCore({ db: c.var.deps.db, actorId: c.var.sessionUser.id, userId });
  // Other processes learn of it from the session delete trigger; this one forgets the user now.
  c.var.deps.signedInSessions.forgetUser(userId);
  c.var.log.info({ userId, by: c.var.sessionUser.id }, 'user suspended');
  return c.json({ ok: true as const }, 200);
};

export const unsuspendUser: Handler<typeof routes.unsuspendUserRoute> = async (c) => {
  await unsuspendUserCore({ db: c.var.deps.db, actorId: c.var.sessionUser.id, userId: c.req.valid('param').id });
  return c.json({ ok: true as const }, 200);
};

export const sendPasswordReset: Handler<typeof routes.sendPasswordResetRoute> = async (c) => {
  const { db, env } = c.var.deps;
  await sendPasswordResetCore({ db, appUrl: env.APP_URL, actorId: c.var.sessionUser.id, userId: c.req.valid('param').id });
  return c.json({ ok: true as const }, 200);
};

export const deleteUser: Handler<typeof routes.deleteUserRoute> = async (c) => {
  const userId = c.req.valid('param').id;
  await deleteUserCore({ db: c.var.deps.db, env: c.var.deps.env, log: c.var.log, actorId: c.var.sessionUser.id, userId });
  c.var.deps.signedInSessions.forgetUser(userId);
  c.var.log.info({ userId, by: c.var.sessionUser.id }, 'user deleted');
  return c.json({ ok: true as const }, 200);
};
