import { createRoute, z } from '@hono/zod-openapi';
import { newPasswordSchema, profileSchema } from '#shared/auth/auth.schema';
import { meResponseSchema } from '#shared/auth/me.schema';
import { userSettingsSchema } from '#shared/settings/user-settings.schema';
import { requireUserBeforePasswordOrKey } from '../auth/api-key-middleware';
import { requireUser, requireUserBeforePassword } from '../auth/session-middleware';
import { createRouter } from '../create-router';
import { errorResponseSchema } from '../errors';
import { json, keyAccess } from '../openapi';
import { getMe, getSettings, setPassword, updateMe, updateSettings } from './me.handlers';

const signedOut = json(errorResponseSchema, 'Not signed in');
const invalid = json(errorResponseSchema, 'A field breaks a rule');

export const getMeRoute = createRoute({
  method: 'get',
  path: '/api/me',
  tags: ['Account'],
  summary: 'The signed-in user',
  middleware: [requireUserBeforePasswordOrKey] as const,
  security: keyAccess('read'),
  responses: { 200: json(meResponseSchema, 'The signed-in user'), 401: signedOut },
});

export const updateMeRoute = createRoute({
  method: 'patch',
  path: '/api/me',
  tags: ['Account'],
  summary: 'Update the profile (full name)',
  middleware: [requireUser] as const,
  request: { body: { required: true, content: { 'application/json': { schema: profileSchema } } } },
  responses: { 200: json(meResponseSchema, 'The updated user'), 400: invalid, 401: signedOut },
});

export const setPasswordRoute = createRoute({
  method: 'post',
  path: '/api/me/password',
  tags: ['Account'],
  summary: 'Set the first password of an invited account',
  middleware: [requireUserBeforePassword] as const,
  request: { body: { required: true, content: { 'application/json': { schema: z.object({ password: newPasswordSchema }) } } } },
  responses: {
    200: json(meResponseSchema, 'The user, now with a password'),
    400: invalid,
    401: signedOut,
    409: json(errorResponseSchema, 'The account already has a password'),
  },
});

export const getSettingsRoute = createRoute({
  method: 'get',
  path: '/api/me/settings',
  tags: ['Account'],
  summary: 'Notification and default schedule settings',
  middleware: [requireUser] as const,
  responses: { 200: json(userSettingsSchema, 'The settings (defaults until first saved)'), 401: signedOut },
});

export const updateSettingsRoute = createRoute({
  method: 'put',
  path: '/api/me/settings',
  tags: ['Account'],
  summary: 'Save notification and default schedule settings',
  middleware: [requireUser] as const,
  request: { body: { required: true, content: { 'application/json': { schema: userSettingsSchema } } } },
  responses: { 200: json(userSettingsSchema, 'The saved settings'), 400: invalid, 401: signedOut },
});

export const meRouter = createRouter()
  .openapi(getMeRoute, getMe)
  .openapi(updateMeRoute, updateMe)
  .openapi(setPasswordRoute, setPassword)
  .openapi(getSettingsRoute, getSettings)
  .openapi(updateSettingsRoute, updateSettings);
