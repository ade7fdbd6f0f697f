import { createRoute, z, type RouteHandler } from '@hono/zod-openapi';
import {
  invitationInputSchema,
  invitationPreviewSchema,
  memberRoleInputSchema,
  workspaceInputSchema,
  workspaceInvitationListSchema,
  workspaceInvitationSchema,
  workspaceListSchema,
  workspaceMemberListSchema,
  workspaceMemberSchema,
  workspaceSchema,
} from '#shared/workspaces/workspace.schema';
import type { AppEnv } from '../../app-env';
import { changeMemberRole, leaveWorkspace, listMembers, removeMember } from '../../core/workspaces/manage-members';
import { createWorkspace, deleteWorkspace, listWorkspaces, renameWorkspace } from '../../core/workspaces/manage-workspaces';
import {
  acceptInvitation,
  inviteMember,
  listInvitations,
  previewInvitation,
  revokeInvitation,
} from '../../core/workspaces/workspace-invitations';
import { requireUser } from '../auth/session-middleware';
import { createRouter } from '../create-router';
import { errorJson, json, jsonBody, noWorkspaceData, sessionOnly } from '../openapi';
import { workspaceAccess } from './workspace-role';

/*
 * Workspaces, their members and invitations (ADR 0131, ADR 0133): the product's own routes, session only. A workspace
 * the caller is not a member of answers 404 like one that does not exist.
 */

const tags = ['Workspaces'];
const signedOut = errorJson('Not signed in (an API key is not accepted here)');
const notMember = errorJson('No workspace of yours has this id');
const roleTooLow = (role: string) => errorJson(`Your role in the workspace is below ${role} (\`forbidden\`)`);
const workspaceId = { id: z.string().openapi({ param: { name: 'id', in: 'path' }, description: 'The workspace’s id' }) };
const memberParams = z.object({
  ...workspaceId,
  userId: z.string().openapi({ param: { name: 'userId', in: 'path' }, description: 'The member’s user id' }),
});
const invitationParams = z.object({
  ...workspaceId,
  invitationId: z.string().openapi({ param: { name: 'invitationId', in: 'path' }, description: 'The invitation’s id' }),
});
const tokenParams = z.object({
  token: z.string().openapi({ param: { name: 'token', in: 'path' }, description: 'The token of the e-mailed link' }),
});
const linkGone = errorJson(
  'The invitation was used already (`invitation_used`), withdrawn (`invitation_revoked`) or has expired (`invitation_expired`)',
);

export const listWorkspacesRoute = createRoute({
  operationId: 'listWorkspaces',
  ...noWorkspaceData,
  security: sessionOnly,
  method: 'get',
  path: '/api/workspaces',
  tags,
  summary: 'Your workspaces with your role in each, your personal one first',
  middleware: [requireUser] as const,
  responses: { 200: json(workspaceListSchema, 'The workspaces'), 401: signedOut },
});

export const createWorkspaceRoute = createRoute({
  operationId: 'createWorkspace',
  ...noWorkspaceData,
  security: sessionOnly,
  method: 'post',
  path: '/api/workspaces',
  tags,
  summary: 'Create a team workspace; you become its owner',
  middleware: [requireUser] as const,
  request: { body: jsonBody(workspaceInputSchema) },
  responses: {
    201: json(z.object({ workspace: workspaceSchema }), 'The workspace'),
    400: errorJson('The name is not 2 to 60 characters'),
    401: signedOut,
  },
});

export const getWorkspaceRoute = createRoute({
  operationId: 'getWorkspace',
  ...workspaceAccess('viewer'),
  method: 'get',
  path: '/api/workspaces/{id}',
  tags,
  summary: 'One of your workspaces, with your role',
  request: { params: z.object(workspaceId) },
  responses: { 200: json(z.object({ workspace: workspaceSchema }), 'The workspace'), 401: signedOut, 404: notMember },
});

export const updateWorkspaceRoute = createRoute({
  operationId: 'updateWorkspace',
  ...workspaceAccess('admin'),
  method: 'patch',
  path: '/api/workspaces/{id}',
  tags,
  summary: 'Rename a workspace (admin or owner); its slug stays',
  request: { params: z.object(workspaceId), body: jsonBody(workspaceInputSchema) },
  responses: {
    200: json(z.object({ workspace: workspaceSchema }), 'The workspace'),
    400: errorJson('The name is not 2 to 60 characters'),
    401: signedOut,
    403: roleTooLow('admin'),
    404: notMember,
  },
});

export const deleteWorkspaceRoute = createRoute({
  operationId: 'deleteWorkspace',
  ...workspaceAccess('owner'),
  method: 'delete',
  path: '/api/workspaces/{id}',
  tags,
  summary: 'Delete a team workspace with its members and invitations (owner)',
  request: { params: z.object(workspaceId) },
  responses: {
    204: { description: 'Deleted' },
    401: signedOut,
    403: roleTooLow('owner'),
    404: notMember,
    409: errorJson('Your personal workspace cannot be deleted'),
  },
});

export const listMembersRoute = createRoute({
  operationId: 'listWorkspaceMembers',
  ...workspaceAccess('viewer'),
  method: 'get',
  path: '/api/workspaces/{id}/members',
  tags,
  summary: 'The members of a workspace and their roles, owners first',
  request: { params: z.object(workspaceId) },
  responses: { 200: json(workspaceMemberListSchema, 'The members'), 401: signedOut, 404: notMember },
});

export const changeMemberRoleRoute = createRoute({
  operationId: 'changeWorkspaceMemberRole',
  ...workspaceAccess('admin'),
  method: 'patch',
  path: '/api/workspaces/{id}/members/{userId}',
  tags,
  summary: 'Give a member another role (admin or owner): never above your own; only an owner changes an owner',
  request: { params: memberParams, body: jsonBody(memberRoleInputSchema) },
  responses: {
    200: json(z.object({ member: workspaceMemberSchema }), 'The member'),
    400: errorJson('Not one of the roles (the message lists them)'),
    401: signedOut,
    403: errorJson('Your role is below admin, the role is above yours, or the member is an owner and you are not (`forbidden`)'),
    404: errorJson('No workspace of yours has this id, or nobody in it has this user id'),
    409: errorJson('The member is the last owner'),
  },
});

export const removeMemberRoute = createRoute({
  operationId: 'deleteWorkspaceMember',
  ...workspaceAccess('admin'),
  method: 'delete',
  path: '/api/workspaces/{id}/members/{userId}',
  tags,
  summary: 'Remove a member (admin or owner; only an owner removes an owner)',
  request: { params: memberParams },
  responses: {
    204: { description: 'Removed' },
    401: signedOut,
    403: errorJson('Your role is below admin, or the member is an owner and you are not (`forbidden`)'),
    404: errorJson('No workspace of yours has this id, or nobody in it has this user id'),
    409: errorJson('The member is the last owner'),
  },
});

export const leaveWorkspaceRoute = createRoute({
  operationId: 'leaveWorkspace',
  ...workspaceAccess('viewer'),
  method: 'post',
  path: '/api/workspaces/{id}/leave',
  tags,
  summary: 'Leave a team workspace',
  request: { params: z.object(workspaceId) },
  responses: {
    204: { description: 'You are no longer a member' },
    401: signedOut,
    404: notMember,
    409: errorJson('You are its last owner, or it is your personal workspace'),
  },
});

export const inviteMemberRoute = createRoute({
  operationId: 'inviteWorkspaceMember',
  ...workspaceAccess('admin'),
  method: 'post',
  path: '/api/workspaces/{id}/invitations',
  tags,
  summary:
    'Invite an e-mail address with a role (admin or owner): the address is mailed a link valid for 7 days, once; the mail is queued and retried, so a slow mail server does not hold the answer. Inviting an address again sends a new link and withdraws the old one',
  request: { params: z.object(workspaceId), body: jsonBody(invitationInputSchema) },
  responses: {
    201: json(z.object({ invitation: workspaceInvitationSchema }), 'The invitation (its token is only in the mail)'),
    400: errorJson('Not an e-mail address, or not one of the roles (the message lists them)'),
    401: signedOut,
    403: errorJson('Your role is below admin, or the role is above yours (`forbidden`)'),
    404: notMember,
    409: errorJson('Already a member, a personal workspace, or 20 invitations pending (`invitation_limit`)'),
  },
});

export const listInvitationsRoute = createRoute({
  operationId: 'listWorkspaceInvitations',
  ...workspaceAccess('admin'),
  method: 'get',
  path: '/api/workspaces/{id}/invitations',
  tags,
  summary: 'The invitations waiting for an answer, newest first (admin or owner)',
  request: { params: z.object(workspaceId) },
  responses: {
    200: json(workspaceInvitationListSchema, 'The pending invitations'),
    401: signedOut,
    403: roleTooLow('admin'),
    404: notMember,
  },
});

export const revokeInvitationRoute = createRoute({
  operationId: 'revokeWorkspaceInvitation',
  ...workspaceAccess('admin'),
  method: 'delete',
  path: '/api/workspaces/{id}/invitations/{invitationId}',
  tags,
  summary: 'Withdraw a pending invitation: its link stops working (admin or owner)',
  request: { params: invitationParams },
  responses: {
    204: { description: 'Withdrawn' },
    401: signedOut,
    403: roleTooLow('admin'),
    404: errorJson('No workspace of yours has this id, or no pending invitation in it has this id'),
  },
});

export const previewInvitationRoute = createRoute({
  operationId: 'getInvitation',
  ...noWorkspaceData,
  security: [],
  method: 'get',
  path: '/api/invitations/{token}',
  tags,
  summary: 'What an invitation link offers, for its page: the workspace, the invited address, the role and who invites',
  request: { params: tokenParams },
  responses: {
    200: json(z.object({ invitation: invitationPreviewSchema }), 'The invitation'),
    404: errorJson('The link names no invitation'),
    410: linkGone,
  },
});

export const acceptInvitationRoute = createRoute({
  operationId: 'acceptInvitation',
  ...noWorkspaceData,
  security: sessionOnly,
  method: 'post',
  path: '/api/invitations/{token}/accept',
  tags,
  summary: 'Accept an invitation as the signed-in account whose confirmed address it was sent to',
  middleware: [requireUser] as const,
  request: { params: tokenParams },
  responses: {
    200: json(z.object({ workspace: workspaceSchema }), 'The workspace you joined, with your role'),
    401: signedOut,
    403: errorJson('Signed in with another address than the invited one, or the address is not confirmed yet (`forbidden`)'),
    404: errorJson('The link names no invitation'),
    409: errorJson('You are a member already'),
    410: linkGone,
  },
});

const list: RouteHandler<typeof listWorkspacesRoute, AppEnv> = async (c) =>
  c.json({ items: await listWorkspaces({ db: c.var.deps.db, userId: c.var.sessionUser.id }) }, 200);

const create: RouteHandler<typeof createWorkspaceRoute, AppEnv> = async (c) => {
  const workspace = await createWorkspace({ db: c.var.deps.db, userId: c.var.sessionUser.id, input: c.req.valid('json') });
  c.var.log.info({ workspaceId: workspace.id }, 'workspace created');
  return c.json({ workspace }, 201);
};

const get: RouteHandler<typeof getWorkspaceRoute, AppEnv> = (c) => c.json({ workspace: c.var.workspace }, 200);

const rename: RouteHandler<typeof updateWorkspaceRoute, AppEnv> = async (c) =>
  c.json({ workspace: await renameWorkspace({ db: c.var.deps.db, workspace: c.var.workspace, input: c.req.valid('json') }) }, 200);

const remove: RouteHandler<typeof deleteWorkspaceRoute, AppEnv> = async (c) => {
  await deleteWorkspace({ db: c.var.deps.db, env: c.var.deps.env, log: c.var.log, workspace: c.var.workspace });
  c.var.log.info({ workspaceId: c.var.workspace.id }, 'workspace deleted');
  return c.body(null, 204);
};

const members: RouteHandler<typeof listMembersRoute, AppEnv> = async (c) =>
  c.json({ items: await listMembers({ db: c.var.deps.db, workspaceId: c.var.workspace.id }) }, 200);

const changeRole: RouteHandler<typeof changeMemberRoleRoute, AppEnv> = async (c) => {
  const member = await changeMemberRole({
    db: c.var.deps.db,
    workspace: c.var.workspace,
    actorId: c.var.sessionUser.id,
    memberId: c.req.valid('param').userId,
    role: c.req.valid('json').role,
  });
  return c.json({ member }, 200);
};

const removeOne: RouteHandler<typeof removeMemberRoute, AppEnv> = async (c) => {
  await removeMember({
    db: c.var.deps.db,
    workspace: c.var.workspace,
    actorId: c.var.sessionUser.id,
    memberId: c.req.valid('param').userId,
  });
  return c.body(null, 204);
};

const leave: RouteHandler<typeof leaveWorkspaceRoute, AppEnv> = async (c) => {
  await leaveWorkspace({ db: c.var.deps.db, workspace: c.var.workspace, userId: c.var.sessionUser.id });
  return c.body(null, 204);
};

const invite: RouteHandler<typeof inviteMemberRoute, AppEnv> = async (c) => {
  const invitation = await inviteMember({
    db: c.var.deps.db,
    workspace: c.var.workspace,
    inviterId: c.var.sessionUser.id,
    input: c.req.valid('json'),
  });
  c.var.log.info({ workspaceId: c.var.workspace.id, invitationId: invitation.id }, 'workspace invitation queued');
  return c.json({ invitation }, 201);
};

const invitations: RouteHandler<typeof listInvitationsRoute, AppEnv> = async (c) =>
  c.json({ items: await listInvitations({ db: c.var.deps.db, workspaceId: c.var.workspace.id }) }, 200);

const revoke: RouteHandler<typeof revokeInvitationRoute, AppEnv> = async (c) => {
  await revokeInvitation({
    db: c.var.deps.db,
    workspace: c.var.workspace,
    actorId: c.var.sessionUser.id,
    invitationId: c.req.valid('param').invitationId,
  });
  return c.body(null, 204);
};

const preview: RouteHandler<typeof previewInvitationRoute, AppEnv> = async (c) =>
  c.json({ invitation: await previewInvitation({ db: c.var.deps.db, token: c.req.valid('param').token }) }, 200);

const accept: RouteHandler<typeof acceptInvitationRoute, AppEnv> = async (c) => {
  const workspace = await acceptInvitation({ db: c.var.deps.db, token: c.req.valid('param').token, account: c.var.sessionUser });
  c.var.log.info({ workspaceId: workspace.id }, 'workspace invitation accepted');
  return c.json({ workspace }, 200);
};

export const workspacesRouter = createRouter()
  .openapi(listWorkspacesRoute, list)
  .openapi(createWorkspaceRoute, create)
  .openapi(getWorkspaceRoute, get)
  .openapi(updateWorkspaceRoute, rename)
  .openapi(deleteWorkspaceRoute, remove)
  .openapi(listMembersRoute, members)
  .openapi(changeMemberRoleRoute, changeRole)
  .openapi(removeMemberRoute, removeOne)
  .openapi(leaveWorkspaceRoute, leave)
  .openapi(inviteMemberRoute, invite)
  .openapi(listInvitationsRoute, invitations)
  .openapi(revokeInvitationRoute, revoke)
  .openapi(previewInvitationRoute, preview)
  .openapi(acceptInvitationRoute, accept);
