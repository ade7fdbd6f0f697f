import { createRoute, z } from '@hono/zod-openapi';
import { adminWorkspaceKinds, adminWorkspaceListSchema } from '#shared/admin/admin-workspace.schema';
import { pageSize } from '#shared/lists/page-size';
import { singleLineText } from '#shared/text/safe-text';
import { decodeAdminWorkspaceCursor } from '../../core/admin/workspaces/admin-workspace-cursor';
import { createRouter } from '../create-router';
import { errorJson, json, noWorkspaceData, sessionOnly } from '../openapi';
import { listAdminWorkspaces } from './admin-workspaces.handlers';

// The admin router's middleware answers 401 and 403 before this runs (declared by their kind, ADR 0114).
export const adminWorkspaceListQuerySchema = z.object({
  search: singleLineText()
    .trim()
    .max(200, 'Search text can be at most 200 characters.')
    .optional()
    .openapi({ description: 'Name or slug contains this (case-insensitive)' }),
  kind: z
    .enum(adminWorkspaceKinds, { message: 'Kind must be team, personal or all.' })
    .default('team')
    .openapi({ description: 'Team workspaces (the default: every account has a personal one), personal ones, or all' }),
  cursor: singleLineText()
    .max(300)
    .refine((value) => decodeAdminWorkspaceCursor(value) !== undefined, 'This page link is not valid any more. Please reload the list.')
    .optional(),
  limit: pageSize(100, 20),
});

export const listAdminWorkspacesRoute = createRoute({
  operationId: 'listAdminWorkspaces',
  ...noWorkspaceData,
  security: sessionOnly,
  method: 'get',
  path: '/api/admin/workspaces',
  tags: ['Administration'],
  summary: 'List workspaces',
  description:
    'A page of every workspace, newest first, with its member count, first owners and plan, filtered by search text and kind, with the total matching.',
  request: { query: adminWorkspaceListQuerySchema },
  responses: { 200: json(adminWorkspaceListSchema, 'A page of workspaces'), 400: errorJson('A filter is not valid') },
});

export const adminWorkspacesRouter = createRouter().openapi(listAdminWorkspacesRoute, listAdminWorkspaces);
