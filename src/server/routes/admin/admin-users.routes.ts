import { createRoute, z } from '@hono/zod-openapi';
import { adminUserChangeSchema, adminUserListSchema, adminUserProfileSchema } from '#shared/admin/admin-user.schema';
import { createRouter } from '../create-router';
import { csvFile, errorJson, json, jsonBody, noWorkspaceData, sessionOnly } from '../openapi';
import {
  changeUser,
  deleteUser,
  exportUsers,
  getUser,
  listUsers,
  resendInvitation,
  sendPasswordReset,
  suspendUser,
  unsuspendUser,
} from './admin-users.handlers';
import { adminUserFilterSchema, adminUserIdParamSchema, adminUserListQuerySchema } from './admin-users.schemas';

// The admin router's middleware answers 401 and 403 before any of these runs (declared by their kind, ADR 0114).
const tags = ['Administration'];
const done = z.object({ ok: z.literal(true) }).openapi('AdminUserActionDone');
const notFound = errorJson('No such user');
const badFilter = errorJson('A filter is not valid');

export const listUsersRoute = createRoute({
  operationId: 'listUsers',
  ...noWorkspaceData,
  security: sessionOnly,
  method: 'get',
  path: '/api/admin/users',
  tags,
  summary: 'List users',
  description: 'A page of every account, newest first, filtered by search text, status and plan, with the total matching.',
  request: { query: adminUserListQuerySchema },
  responses: { 200: json(adminUserListSchema, 'A page of users'), 400: badFilter },
});

export const exportUsersRoute = createRoute({
  operationId: 'exportUsers',
  ...noWorkspaceData,
  security: sessionOnly,
  method: 'get',
  path: '/api/admin/users/export',
  tags,
  summary: 'Export users as CSV',
  description: "Every user matching the filter as CSV (RFC 4180, UTF-8, header row); fields that look like formulas start with `'`.",
  request: { query: adminUserFilterSchema },
  responses: { 200: csvFile, 400: badFilter },
});

export const getUserRoute = createRoute({
  operationId: 'getUser',
  ...noWorkspaceData,
  security: sessionOnly,
  method: 'get',
  path: '/api/admin/users/{id}',
  tags,
  summary: "A user's profile",
  description:
    'Account, role, plan and subscription, tasks with their last run, run counts and the 20 newest audit entries about the user.',
  request: { params: adminUserIdParamSchema },
  responses: { 200: json(adminUserProfileSchema, 'The user'), 404: notFound },
});

export const changeUserRoute = createRoute({
  operationId: 'changeUser',
  ...noWorkspaceData,
  security: sessionOnly,
  method: 'patch',
  path: '/api/admin/users/{id}',
  tags,
  summary: "Change a user's plan or role",
  description: '`{ planId }` puts the user on a plan without payment; `{ role }` makes them an administrator or a user.',
  request: {
    params: adminUserIdParamSchema,
    body: jsonBody(adminUserChangeSchema),
  },
  responses: {
    200: json(done, 'Changed'),
    400: errorJson('Not a plan or role'),

    404: notFound,
    409: errorJson('The user pays through Stripe, or is the last administrator'),
  },
});

function actionRoute(
  operationId: string,
  method: 'post' | 'delete',
  suffix: string,
  summary: string,
  description: string,
  conflict: string,
  /** Refusals particular to the action, beside the kinds' (declared-answers.ts). */
  refusals: Record<number, ReturnType<typeof errorJson>> = {},
) {
  return createRoute({
    operationId,
    ...noWorkspaceData,
    security: sessionOnly,
    method,
    path: `/api/admin/users/{id}${suffix}`,
    tags,
    summary,
    description,
    request: { params: adminUserIdParamSchema },
    responses: { 200: json(done, 'Done'), 404: notFound, 409: errorJson(conflict), ...refusals },
  });
}

export const resendInvitationRoute = actionRoute(
  'resendInvitation',
  'post',
  '/invitation',
  'Resend the invitation',
  'A new 7-day link; earlier links stop working.',
  'The user has already set a password',
);
export const suspendUserRoute = actionRoute(
  'suspendUser',
  'post',
  '/suspend',
  'Suspend a user',
  'Ends their sessions at once, refuses sign-in with 403 `account_suspended` and stops their tasks from firing.',
  'Your own account, one already suspended, or the last administrator',
);
export const unsuspendUserRoute = actionRoute(
  'unsuspendUser',
  'post',
  '/unsuspend',
  'Unsuspend a user',
  'Their active tasks fire again from their next slot; missed slots are not caught up.',
  'The account is not suspended',
);
export const sendPasswordResetRoute = actionRoute(
  'sendPasswordReset',
  'post',
  '/password-reset',
  'Send a password-reset e-mail',
  'The e-mail "Forgot password" sends, with a link valid 30 minutes.',
  'The user has not set a password yet',
);
export const deleteUserRoute = actionRoute(
  'deleteUser',
  'delete',
  '',
  'Delete a user',
  'Removes the account with all its data, as the user deleting it themselves would (a paid subscription is cancelled at Stripe first; 502 when Stripe fails), and e-mails them a confirmation.',
  'Your own account (delete it from Settings), or the last administrator',
  { 502: errorJson('Stripe could not cancel the subscription; nothing was deleted') },
);

// The export is registered before `/{id}`, which would otherwise take "export" for an id.
export const adminUsersRouter = createRouter()
  .openapi(exportUsersRoute, exportUsers)
  .openapi(listUsersRoute, listUsers)
  .openapi(getUserRoute, getUser)
  .openapi(changeUserRoute, changeUser)
  .openapi(resendInvitationRoute, resendInvitation)
  .openapi(suspendUserRoute, suspendUser)
  .openapi(unsuspendUserRoute, unsuspendUser)
  .openapi(sendPasswordResetRoute, sendPasswordReset)
  .openapi(deleteUserRoute, deleteUser);
