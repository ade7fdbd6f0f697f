import type { Context } from 'hono';
import type { RouteHandler } from '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import type { AppEnv } from '../../app-env';
import { setNotification } from '../../core/settings/set-notification';
import { user } from '../../db/schema';
import { errorBody } from '../errors';
import type { resubscribeRoute, unsubscribeRoute } from './unsubscribe.routes';

const invalidLinkMessage = 'This unsubscribe link is not valid. You can change your notifications in Settings.';

async function setFromLink(c: Context<AppEnv>, token: string, enabled: boolean) {
  const { db, unsubscribeLinks } = c.var.deps;
  const link = unsubscribeLinks.verify(token);
  const [owner] = link ? await db.select({ email: user.email }).from(user).where(eq(user.id, link.userId)) : [];
  if (!link || !owner) return c.json(errorBody('invalid_token', invalidLinkMessage), 400);
  await setNotification({ db, userId: link.userId, notification: link.notification, enabled });
  c.var.log.info({ userId: link.userId, notification: link.notification, enabled }, 'notification switched by an e-mail link');
  return c.json({ notification: link.notification, email: owner.email, enabled }, 200);
}

export const unsubscribe: RouteHandler<typeof unsubscribeRoute, AppEnv> = (c) => setFromLink(c, c.req.valid('query').token, false);

export const resubscribe: RouteHandler<typeof resubscribeRoute, AppEnv> = (c) => setFromLink(c, c.req.valid('query').token, true);
