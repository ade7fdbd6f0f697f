import type { MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { WorkspaceRole } from '#shared/workspaces/workspace-roles';
import type { AppEnv } from '../../app-env';
import { requireMembership } from '../../core/workspaces/workspace-membership';
import { requireUser } from '../auth/session-middleware';
import { sessionOnly } from '../openapi';

/**
 * Use after requireUser on a route with `{id}` naming a workspace: 404 unless the caller is a member (never 403, so an
 * id tells a stranger nothing), 403 `forbidden` when their role is below `least`; exposes `c.var.workspace`.
 */
export function requireWorkspaceRole(least: WorkspaceRole) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const workspace = await requireMembership({
      db: c.var.deps.db,
      workspaceId: c.req.param('id') ?? '',
      userId: c.var.sessionUser.id,
      least,
    });
    c.set('workspace', workspace);
    await next();
  });
}

/**
 * The parts of a route declaration that say who may call it: the session cookie only (membership is managed in the
 * browser, as approving a task is, so a leaked API key cannot invite or promote anyone; ADR 0133), and the least
 * workspace role as `x-workspace-role`, enforced by the same declaration's middleware: the document and the check
 * cannot disagree.
 */
export function workspaceAccess<Least extends WorkspaceRole>(least: Least) {
  return {
    security: sessionOnly,
    'x-workspace-role': least,
    middleware: [requireUser, requireWorkspaceRole(least)] as [typeof requireUser, MiddlewareHandler<AppEnv>],
  };
}
