import { createRoute, type RouteHandler } from '@hono/zod-openapi';
import { auditPageSchema, auditQuerySchema } from '#shared/admin/admin-audit.schema';
import type { AppEnv } from '../../app-env';
import { listAudit } from '../../core/admin/audit/list-audit';
import { createRouter } from '../create-router';
import { errorJson, json, noWorkspaceData, sessionOnly } from '../openapi';

/* Administration: the audit log (issue 17). The admin router's guard answers 401 and 403 first. */

export const listAuditRoute = createRoute({
  operationId: 'listAuditEntries',
  ...noWorkspaceData,
  security: sessionOnly,
  tags: ['Administration'],
  method: 'get',
  path: '/api/admin/audit',
  summary: 'Administrators’ actions, newest first, by administrator or target',
  request: { query: auditQuerySchema },
  responses: {
    200: json(auditPageSchema, 'A page of audit entries'),
    400: errorJson('A bad filter or page link'),
  },
});

const listEntries: RouteHandler<typeof listAuditRoute, AppEnv> = async (c) => {
  return c.json(await listAudit({ db: c.var.deps.db, ...c.req.valid('query') }), 200);
};

export const adminAuditRouter = createRouter().openapi(listAuditRoute, listEntries);
