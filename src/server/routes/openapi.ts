import { createRoute, z, type RouteConfig } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import type { WorkspaceRole } from '#shared/workspaces/workspace-roles';
import type { AppEnv } from '../app-env';
import { actingWorkspace } from './auth/acting-workspace';
import { requireUserOrKey } from './auth/api-key-middleware';
import { requireUser } from './auth/session-middleware';
import { errorResponseSchema } from './errors';

/*
 * The pieces route declarations share, so that each declaration says only what is particular to it: its path,
 * summary, answers and refusals.
 */

/** A JSON response of a route's OpenAPI description: the schema the body follows, and what it means. */
export const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

/** A refusal of a route's OpenAPI description: the API's one error shape, and when the route answers it. */
export const errorJson = (description: string) => json(errorResponseSchema, description);

/** A route's required JSON request body. */
export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  required: true,
  content: { 'application/json': { schema } },
});

/** The `{id}` of a route's path, as any text: the handler answers 404 for one that names nothing. */
export const idParam = z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' } }) });

/** The answer of a CSV export, streamed. */
export const csvFile = { description: 'The CSV file', content: { 'text/csv': { schema: z.string() } } };

/**
 * Who may call a route that takes the session cookie only (requireUser, or the admin router's guard). Its 401, and
 * the administrator guard's 403, are declared by its kind (declared-answers.ts).
 */
export const sessionOnly: Record<string, string[]>[] = [{ session: [] }];

/**
 * Who may call a route, for the OpenAPI document: the session cookie, or an API key with the scope the method needs
 * (issue 22; `read` for GET, `write` for the rest). Routes without it take the session cookie only.
 */
export const keyAccess = (scope: 'read' | 'write'): Record<string, string[]>[] => [{ session: [] }, { apiKey: [scope] }];

/**
 * A route that takes the session cookie or an API key (requireUserOrKey), documented with the scope its method needs.
 */
export const userOrKey = <M extends 'get' | 'post' | 'put' | 'patch' | 'delete'>(
  method: M,
  least: WorkspaceRole = method === 'get' ? 'viewer' : 'editor',
) => ({
  method,
  middleware: [requireUserOrKey, actingWorkspace(least)] as [typeof requireUserOrKey, MiddlewareHandler<AppEnv>],
  security: keyAccess(method === 'get' ? 'read' : 'write'),
  'x-workspace-role': least,
});

/** What an operation needs beyond signing in, as the OpenAPI document says it (ADR 0131): a workspace role, or none. */
export type WorkspaceRoleNeed = WorkspaceRole | 'none';

/**
 * For an operation that acts on no workspace's data: public ones, the caller's own account, the platform's
 * administration (its own role, not a workspace's), e-mail links, a workspace list or invitation link.
 */
export const noWorkspaceData = { 'x-workspace-role': 'none' as WorkspaceRoleNeed };

/**
 * A route that takes the session cookie only and acts in the workspace the request names, with at least `least`:
 * the declaration and its check come from here, so they cannot disagree.
 */
export const userInWorkspace = (least: WorkspaceRole) => ({
  middleware: [requireUser, actingWorkspace(least)] as [typeof requireUser, MiddlewareHandler<AppEnv>],
  security: sessionOnly,
  'x-workspace-role': least,
});

type Query = NonNullable<NonNullable<RouteConfig['request']>['query']>;

/**
 * A link of an e-mail, answered without signing in: the signed token in the query is the proof, and only a POST changes
 * anything, so a mail scanner that fetches every URL changes nothing (ADR 0039). 400 for a link that is not ours.
 */
export const emailLinkRoute = <P extends string, Q extends Query, S extends z.ZodType>(link: {
  operationId: string;
  path: P;
  tags: string[];
  summary: string;
  query: Q;
  answer: S;
  answered: string;
  invalid: string;
}) =>
  createRoute({
    operationId: link.operationId,
    method: 'post',
    path: link.path,
    security: [],
    ...noWorkspaceData,
    tags: link.tags,
    summary: link.summary,
    request: { query: link.query },
    responses: { 200: json(link.answer, link.answered), 400: errorJson(link.invalid) },
  });
