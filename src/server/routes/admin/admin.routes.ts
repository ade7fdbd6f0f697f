import { createRoute } from '@hono/zod-openapi';
import { inviteUserSchema } from '#shared/auth/auth.schema';
import { meResponseSchema } from '#shared/auth/me.schema';
import { requireAdmin, requireUser } from '../auth/session-middleware';
import { createRouter } from '../create-router';
import { errorJson, json, jsonBody, noWorkspaceData, sessionOnly } from '../openapi';
import { inviteUser } from './admin.handlers';
import { adminOverviewRouter } from './admin-overview.routes';
import { adminAuditRouter } from './admin-audit.routes';
import { adminPlansRouter } from './admin-plans.routes';
import { adminTasksRouter } from './admin-tasks.routes';
import { adminUsersRouter } from './admin-users.routes';
import { adminWorkspacesRouter } from './admin-workspaces.routes';

export const inviteUserRoute = createRoute({
  operationId: 'inviteUser',
  ...noWorkspaceData,
  security: sessionOnly,
  method: 'post',
  path: '/api/admin/users',
  tags: ['Administration'],
  summary: 'Invite a user',
  description: 'Creates an invited account and e-mails a single-use link (valid 7 days) to set its password.',
  request: { body: jsonBody(inviteUserSchema) },
  responses: {
    201: json(meResponseSchema, 'The invited user'),
    400: errorJson('A field breaks a rule'),

    409: errorJson('The e-mail address is taken'),
  },
});

const router = createRouter();
// Every admin route, present and future, checks the role on the server first.
router.use('/api/admin/*', requireUser, requireAdmin);

export const adminRouter = router
  .openapi(inviteUserRoute, inviteUser)
  .route('/', adminUsersRouter)
  .route('/', adminWorkspacesRouter)
  .route('/', adminTasksRouter)
  .route('/', adminOverviewRouter)
  .route('/', adminPlansRouter)
  .route('/', adminAuditRouter);
