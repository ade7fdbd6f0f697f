import { createMiddleware } from 'hono/factory';
import type { WorkspaceRole } from '#shared/workspaces/workspace-roles';
import type { AppEnv } from '../../app-env';
import { assertRole, findActingWorkspace, workspaceNotFound } from '../../core/workspaces/workspace-membership';

/**
 * How a request names the workspace it acts in (ADR 0131); `?workspace=` where a browser cannot set a header (the live
 * stream's EventSource, a download link). Naming none means the caller's personal workspace.
 */
export const workspaceHeader = 'X-Workspace-Id';
export const workspaceQuery = 'workspace';

/**
 * Use after requireUser or requireUserOrKey on a route that reads or changes a workspace's data: 404 unless the caller
 * is a member of the workspace the request names (never 403), 403 `forbidden` when their role is below `least`;
 * exposes `c.var.workspace`. A key acts in its own workspace only, with the lesser of its scope and its creator's
 * current role.
 */
export function actingWorkspace(least: WorkspaceRole) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const named = c.req.header(workspaceHeader) ?? c.req.query(workspaceQuery);
    const key = c.get('apiKey');
    let workspace = key?.workspace;
    if (key) {
      if (named !== undefined && named !== key.workspace.id) throw workspaceNotFound();
    } else {
      const user = c.get('sessionUser');
      workspace =
        named === undefined && user.personalWorkspace
          ? user.personalWorkspace
          : await findActingWorkspace({ db: c.get('deps').db, workspaceId: named, userId: user.id });
    }
    if (!workspace) throw workspaceNotFound();
    assertRole(workspace.role, least);
    c.set('workspace', workspace);
    await next();
  });
}
