import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../app-env';
import { getUserSettings } from '../../core/settings/get-user-settings';
import { updateUserSettings } from '../../core/settings/update-user-settings';
import { getMe as getMeUser } from '../../core/users/get-me';
import { setFirstPassword } from '../../core/users/set-first-password';
import { updateProfile } from '../../core/users/update-profile';
import type { getMeRoute, getSettingsRoute, setPasswordRoute, updateMeRoute, updateSettingsRoute } from './me.routes';

export const getMe: RouteHandler<typeof getMeRoute, AppEnv> = async (c) => {
  const { db, env } = c.var.deps;
  const user = await getMeUser({ db, userId: c.var.sessionUser.id, inviteEmailDomain: env.INVITE_EMAIL_DOMAIN });
  return c.json({ user }, 200);
};

export const updateMe: RouteHandler<typeof updateMeRoute, AppEnv> = async (c) => {
  const { db, env } = c.var.deps;
  const user = await updateProfile({ db, userId: c.var.sessionUser.id, input: c.req.valid('json'), inviteEmailDomain: env.INVITE_EMAIL_DOMAIN });
  return c.json({ user }, 200);
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
  return c.json({ user }, 200);
};

export const getSettings: RouteHandler<typeof getSettingsRoute, AppEnv> = async (c) => {
  return c.json(await getUserSettings({ db: c.var.deps.db, userId: c.var.sessionUser.id }), 200);
};

export const updateSettings: RouteHandler<typeof updateSettingsRoute, AppEnv> = async (c) => {
  const settings = await updateUserSettings({ db: c.var.deps.db, userId: c.var.sessionUser.id, settings: c.req.valid('json') });
  return c.json(settings, 200);
};
