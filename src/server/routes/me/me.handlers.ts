import type { RouteHandler } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { deleteCookie, getCookie } from 'hono/cookie';
import type { AppEnv } from '../../app-env';
import { greetingAndZone } from '../../core/dashboard/greeting-and-zone';
import { getUserSettings } from '../../core/settings/get-user-settings';
import { updateUserSettings } from '../../core/settings/update-user-settings';
import { deleteOwnAccount } from '../../core/users/delete-own-account';
import {
  downloadDataExport as downloadDataExportCore,
  requestDataExport as requestDataExportCore,
} from '../../core/users/export-account-data';
import { getMe as getMeUser } from '../../core/users/get-me';
import { setFirstPassword } from '../../core/users/set-first-password';
import { updateProfile } from '../../core/users/update-profile';
import type {
  deleteMeRoute,
  downloadDataExportRoute,
  requestDataExportRoute,
  getMeRoute,
  getSettingsRoute,
  setPasswordRoute,
  updateMeRoute,
  updateSettingsRoute,
} from './me.routes';

export const getMe: RouteHandler<typeof getMeRoute, AppEnv> = async (c) => {
  const { db, env } = c.var.deps;
  const userId = c.var.sessionUser.id;
  const [user, shown] = await Promise.all([
    getMeUser({ db, userId, inviteEmailDomain: env.INVITE_EMAIL_DOMAIN }),
    greetingAndZone(db, userId),
  ]);
  return c.json({ user: { ...user, ...shown } }, 200);
};

export const updateMe: RouteHandler<typeof updateMeRoute, AppEnv> = async (c) => {
  const { db, env } = c.var.deps;
  const user = await updateProfile({
    db,
    userId: c.var.sessionUser.id,
    input: c.req.valid('json'),
    inviteEmailDomain: env.INVITE_EMAIL_DOMAIN,
  });
  return c.json({ user: { ...user, ...(await greetingAndZone(db, user.id)) } }, 200);
};

export const setPassword: RouteHandler<typeof setPasswordRoute, AppEnv> = async (c) => {
  const { db, auth, env } = c.var.deps;
  const user = await setFirstPassword({
    db,
    auth,
    userId: c.var.sessionUser.id,
    password: c.req.valid('json').password,
    headers: c.req.raw.headers,
    inviteEmailDomain: env.INVITE_EMAIL_DOMAIN,
  });
  return c.json({ user: { ...user, ...(await greetingAndZone(db, user.id)) } }, 200);
};

export const getSettings: RouteHandler<typeof getSettingsRoute, AppEnv> = async (c) => {
  return c.json(await getUserSettings({ db: c.var.deps.db, userId: c.var.sessionUser.id }), 200);
};

export const updateSettings: RouteHandler<typeof updateSettingsRoute, AppEnv> = async (c) => {
  const settings = await updateUserSettings({ db: c.var.deps.db, userId: c.var.sessionUser.id, settings: c.req.valid('json') });
  return c.json(settings, 200);
};

export const deleteMe: RouteHandler<typeof deleteMeRoute, AppEnv> = async (c) => {
  const { db, auth, env, signedInSessions } = c.var.deps;
  const userId = c.var.sessionUser.id;
  await deleteOwnAccount({ db, auth, env, log: c.var.log, userId, input: c.req.valid('json') });
  signedInSessions.forgetUser(userId);
  clearSessionCookies(c);
  c.var.log.info({ userId }, 'account deleted by its owner');
  return c.json({ ok: true as const }, 200);
};

/** The account's cookies (better-auth's, `promptcron.` prefixed) name a session that no longer exists: drop them. */
function clearSessionCookies(c: Context<AppEnv>): void {
  for (const name of Object.keys(getCookie(c))) {
    if (!/^(?:__Secure-)?promptcron\./.test(name)) continue;
    deleteCookie(c, name, { path: '/', secure: name.startsWith('__Secure-') });
  }
}

export const requestDataExport: RouteHandler<typeof requestDataExportRoute, AppEnv> = async (c) => {
  return c.json(await requestDataExportCore({ db: c.var.deps.db, userId: c.var.sessionUser.id }), 202);
};

export const downloadDataExport: RouteHandler<typeof downloadDataExportRoute, AppEnv> = async (c) => {
  const content = await downloadDataExportCore({ db: c.var.deps.db, exportId: c.req.valid('param').id, token: c.req.valid('query').token });
  c.header('Content-Type', 'application/json; charset=utf-8');
  c.header('Content-Disposition', `attachment; filename="promptcron-data-${new Date().toISOString().slice(0, 10)}.json"`);
  c.header('Cache-Control', 'no-store');
  return c.body(content, 200) as never;
};
