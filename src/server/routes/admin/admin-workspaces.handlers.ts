import type { RouteConfig, RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../app-env';
import { listAdminWorkspaces as listAdminWorkspacesCore } from '../../core/admin/workspaces/list-admin-workspaces';
import type * as routes from './admin-workspaces.routes';

type Handler<R extends RouteConfig> = RouteHandler<R, AppEnv>;

export const listAdminWorkspaces: Handler<typeof routes.listAdminWorkspacesRoute> = async (c) => {
  const { cursor, limit, ...filter } = c.req.valid('query');
  return c.json(await listAdminWorkspacesCore({ db: c.var.deps.db, filter, cursor, limit }), 200);
};
