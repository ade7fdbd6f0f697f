import { createRoute, type RouteHandler } from '@hono/zod-openapi';
import { workspaceBudgetSchema } from '#shared/budgets/workspace-budget.schema';
import type { AppEnv } from '../../app-env';
import { getWorkspaceBudget, setWorkspaceBudget } from '../../core/usage/workspace-budget';
import { createRouter } from '../create-router';
import { errorJson, json, jsonBody, userInWorkspace } from '../openapi';

/*
 * The acting workspace's monthly budget (ADR 0141). Every member sees what stops the workspace's runs; only an admin
 * changes it. The session cookie only, as the settings it came from: a leaked key cannot lift a spending cap.
 */

export const getBudgetRoute = createRoute({
  operationId: 'getWorkspaceBudget',
  ...userInWorkspace('viewer'),
  method: 'get',
  path: '/api/budget',
  tags: ['Billing'],
  summary: "The workspace's monthly budget over all its runs",
  responses: { 200: json(workspaceBudgetSchema, 'The budget; null for none') },
});

export const setBudgetRoute = createRoute({
  operationId: 'setWorkspaceBudget',
  ...userInWorkspace('admin'),
  method: 'put',
  path: '/api/budget',
  tags: ['Billing'],
  summary: "Set or remove the workspace's monthly budget (null); runs stop for the month once it is reached",
  request: { body: jsonBody(workspaceBudgetSchema) },
  responses: { 200: json(workspaceBudgetSchema, 'The saved budget'), 400: errorJson('A field breaks a rule') },
});

const getBudget: RouteHandler<typeof getBudgetRoute, AppEnv> = async (c) =>
  c.json(await getWorkspaceBudget({ db: c.var.deps.db, workspaceId: c.var.workspace.id }), 200);

const setBudget: RouteHandler<typeof setBudgetRoute, AppEnv> = async (c) => {
  const saved = await setWorkspaceBudget({
    db: c.var.deps.db,
    workspaceId: c.var.workspace.id,
    actorId: c.var.sessionUser.id,
    budget: c.req.valid('json').budget,
  });
  return c.json(saved, 200);
};

export const budgetRouter = createRouter().openapi(getBudgetRoute, getBudget).openapi(setBudgetRoute, setBudget);
