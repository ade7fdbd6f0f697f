import { createRoute, z } from '@hono/zod-openapi';
import { dataExportRequestedSchema } from '#shared/account/data-export.schema';
import { deleteAccountInputSchema } from '#shared/account/delete-account.schema';
import { newPasswordSchema, profileSchema } from '#shared/auth/auth.schema';
import { meResponseSchema } from '#shared/auth/me.schema';
import { userSettingsSchema } from '#shared/settings/user-settings.schema';
import { requireUserBeforePasswordOrKey } from '../auth/api-key-middleware';
import { requireUser, requireUserBeforePassword } from '../auth/session-middleware';
import { createRouter } from '../create-router';
import { errorJson, json, jsonBody, keyAccess, noWorkspaceData, sessionOnly } from '../openapi';
import { deleteMe, downloadDataExport, requestDataExport, getMe, getSettings, setPassword, updateMe, updateSettings } from './me.handlers';

const invalid = errorJson('A field breaks a rule');

export const getMeRoute = createRoute({
  operationId: 'getMe',
  ...noWorkspaceData,
  method: 'get',
  path: '/api/me',
  tags: ['Account'],
  summary: 'The signed-in user',
  middleware: [requireUserBeforePasswordOrKey] as const,
  security: keyAccess('read'),
  responses: { 200: json(meResponseSchema, 'The signed-in user') },
});

export const updateMeRoute = createRoute({
  operationId: 'updateMe',
  ...noWorkspaceData,
  security: sessionOnly,
  method: 'patch',
  path: '/api/me',
  tags: ['Account'],
  summary: 'Update the profile (full name)',
  middleware: [requireUser] as const,
  request: { body: jsonBody(profileSchema) },
  responses: { 200: json(meResponseSchema, 'The updated user'), 400: invalid },
});

export const setPasswordRoute = createRoute({
  operationId: 'setFirstPassword',
  ...noWorkspaceData,
  security: sessionOnly,
  method: 'post',
  path: '/api/me/password',
  tags: ['Account'],
  summary: 'Set the first password of an invited account',
  middleware: [requireUserBeforePassword] as const,
  request: { body: jsonBody(z.object({ password: newPasswordSchema })) },
  responses: {
    200: json(meResponseSchema, 'The user, now with a password'),
    400: invalid,

    409: errorJson('The account already has a password'),
  },
});

export const getSettingsRoute = createRoute({
  operationId: 'getSettings',
  ...noWorkspaceData,
  security: sessionOnly,
  method: 'get',
  path: '/api/me/settings',
  tags: ['Account'],
  summary: 'Notification and default schedule settings',
  middleware: [requireUser] as const,
  responses: { 200: json(userSettingsSchema, 'The settings (defaults until first saved)') },
});

export const updateSettingsRoute = createRoute({
  operationId: 'updateSettings',
  ...noWorkspaceData,
  security: sessionOnly,
  method: 'put',
  path: '/api/me/settings',
  tags: ['Account'],
  summary: 'Save notification and default schedule settings',
  middleware: [requireUser] as const,
  request: { body: jsonBody(userSettingsSchema) },
  responses: { 200: json(userSettingsSchema, 'The saved settings'), 400: invalid },
});

export const deleteMeRoute = createRoute({
  operationId: 'deleteAccount',
  ...noWorkspaceData,
  security: sessionOnly,
  method: 'post',
  path: '/api/me/delete-account',
  tags: ['Account'],
  summary: 'Delete your account and all its data',
  description:
    'Confirmed by the account’s e-mail and current password. Removes the user, sessions, tasks, runs, webhook attempts, settings, API keys and usage rows; a paid subscription is cancelled at Stripe first. A confirmation e-mail follows. The session cookie is cleared.',
  middleware: [requireUser] as const,
  request: { body: jsonBody(deleteAccountInputSchema) },
  responses: {
    200: json(z.object({ ok: z.literal(true) }).openapi('AccountDeleted'), 'Deleted'),
    400: errorJson('The e-mail or the password does not match'),

    409: errorJson('The last administrator cannot be deleted'),
    429: errorJson('Too many wrong passwords; wait and try again'),
    502: errorJson('Stripe could not cancel the subscription; nothing was deleted'),
  },
});

export const requestDataExportRoute = createRoute({
  operationId: 'requestDataExport',
  ...noWorkspaceData,
  security: sessionOnly,
  method: 'post',
  path: '/api/me/data-export',
  tags: ['Account'],
  summary: 'Ask for a copy of your data (JSON); its download link, valid 24 hours, is e-mailed',
  middleware: [requireUser] as const,
  responses: {
    202: json(dataExportRequestedSchema, 'Queued, or the export already being built'),

    429: errorJson('Three exports asked for in the last 24 hours'),
  },
});

export const downloadDataExportRoute = createRoute({
  operationId: 'downloadDataExport',
  ...noWorkspaceData,
  method: 'get',
  path: '/api/data-exports/{id}',
  tags: ['Account'],
  security: [],
  summary: 'Download a data export by the link from its e-mail',
  request: {
    params: z.object({ id: z.uuid({ error: 'This download link is not valid.' }) }),
    query: z.object({ token: z.string().min(1).max(200) }),
  },
  responses: {
    200: {
      description: 'The JSON file (profile, settings, tasks without webhook secrets, runs with results, webhook attempts)',
    },
    404: errorJson('Not a valid link'),
    409: errorJson('Still being prepared'),
    410: errorJson('The link expired (24 hours after the export was ready)'),
  },
});

export const meRouter = createRouter()
  .openapi(getMeRoute, getMe)
  .openapi(updateMeRoute, updateMe)
  .openapi(setPasswordRoute, setPassword)
  .openapi(getSettingsRoute, getSettings)
  .openapi(updateSettingsRoute, updateSettings)
  .openapi(deleteMeRoute, deleteMe)
  .openapi(requestDataExportRoute, requestDataExport)
  .openapi(downloadDataExportRoute, downloadDataExport);
