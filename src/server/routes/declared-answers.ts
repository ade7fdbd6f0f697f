import type { RouteConfig } from '@hono/zod-openapi';
import { requireUserBeforePasswordOrKey } from './auth/api-key-middleware';
import { requireUserBeforePassword } from './auth/session-middleware';
import { errorResponseSchema } from './errors';

/*
 * The answers every operation of a kind can give, added to its OpenAPI description when it is registered (ADR 0114),
 * so that a route declares only what is particular to it and a new route cannot forget the rest. The kind is read
 * from what the route already says: its security (public, session, or session or API key), its path (`/api/admin/*`
 * behind the administrator guard; `{id}` naming a row), its inputs, and its method.
 */

/** A response as the routes write them (never a `$ref`). */
interface Response {
  description: string;
  headers?: Headers;
  content?: unknown;
}
type Headers = Record<string, { description: string; schema: object }>;

const integerHeader = (description: string) => ({ description, schema: { type: 'integer' as const, minimum: 0 } });

/** RFC 9110: when to ask again. */
const retryAfter = { 'Retry-After': integerHeader('Seconds to wait before trying again') };

/** The IETF RateLimit header fields (draft-ietf-httpapi-ratelimit-headers) every request with an API key answers. */
export const rateLimitHeaders = {
  'RateLimit-Limit': integerHeader('With an API key: the requests the key may make a minute (API_KEY_RATE_LIMIT)'),
  'RateLimit-Remaining': integerHeader('With an API key: the requests left in the current minute'),
  'RateLimit-Reset': integerHeader('With an API key: seconds until the current minute’s count starts again'),
};

const refusal = (description: string, headers?: Headers): Response => ({
  description,
  ...(headers ? { headers } : {}),
  content: { 'application/json': { schema: errorResponseSchema } },
});

/** The only guards that let in an invited account before it has chosen its password: what /set-password needs. */
const beforePasswordGuards: unknown[] = [requireUserBeforePassword, requireUserBeforePasswordOrKey];

/** Every other signed-in route refuses that account with 403 `password_required` (requireUser). */
const opensBeforePassword = (route: RouteConfig) => [route.middleware ?? []].flat().some((guard) => beforePasswordGuards.includes(guard));

interface Declared {
  /** The answers the route's kind may give, by status. */
  answers: Record<string, Response>;
  /** Headers every answer of the route carries. */
  everyAnswer?: Headers;
}

function declaredByKind(route: RouteConfig): Declared {
  const security = route.security ?? [];
  const public_ = security.length === 0;
  const withKey = security.some((requirement) => 'apiKey' in requirement);
  const changes = route.method !== 'get' && route.method !== 'head';
  const { params, query, headers, body } = route.request ?? {};
  // Routes on `/api/workspaces/{id}` name their workspace in the path and declare their own refusals.
  const role = route.path.startsWith('/api/workspaces/') ? undefined : (route as { 'x-workspace-role'?: string })['x-workspace-role'];
  const inWorkspace = role !== undefined && role !== 'none';
  const answers: Record<string, Response> = {};
  if (params || query || headers || body)
    answers[400] = refusal('A parameter or field breaks a rule (`validation_failed`, fields keyed by path)');
  if (!public_) answers[401] = refusal(withKey ? 'Not signed in, or the API key is unknown, revoked or expired' : 'Not signed in');
  const forbidden = [
    route.path.startsWith('/api/admin/') ? 'Not an administrator' : undefined,
    withKey && changes ? 'The API key has only the `read` scope' : undefined,
    changes && route.path !== '/api/billing/webhook' ? 'A request with the session cookie from another site (`forbidden`)' : undefined,
    !public_ && !opensBeforePassword(route) ? 'An invited account that has not chosen its password yet (`password_required`)' : undefined,
    inWorkspace && role !== 'viewer' ? `The caller's role in the acting workspace is below ${role} (\`forbidden\`)` : undefined,
  ].filter((reason) => reason !== undefined);
  if (forbidden.length) answers[403] = refusal(forbidden.join('; or '));
  const notFound = [
    params ? 'Nothing of yours has this id' : undefined,
    inWorkspace ? 'The workspace that `X-Workspace-Id` or `?workspace=` names is not one of yours' : undefined,
  ].filter((reason) => reason !== undefined);
  if (notFound.length) answers[404] = refusal(notFound.join('; or '));
  // Every request that may carry a body is measured before any route reads it (app.ts).
  if (changes) answers[413] = refusal('The request body is larger than 1 MB (`payload_too_large`)');
  if (body) answers[415] = refusal('The body is not of a declared media type');
  if (withKey) {
    answers[429] = refusal('With an API key: more requests this minute than the key may make (`rate_limited`)', {
      ...retryAfter,
      ...rateLimitHeaders,
    });
  }
  answers[503] = refusal(
    'The database cannot be reached, or did not answer in time (`database_unavailable`): nothing was changed, retry later',
    retryAfter,
  );
  return { answers, everyAnswer: withKey ? rateLimitHeaders : undefined };
}

/** `route` with the answers its kind gives beside its own; where both describe a status, both descriptions are kept. */
export function withDeclaredAnswers<R extends RouteConfig>(route: R): R {
  if (!route.operationId) throw new Error(`${route.method.toUpperCase()} ${route.path} has no operationId`);
  if (!route.security) throw new Error(`${route.method.toUpperCase()} ${route.path} does not say who may call it (security)`);
  const { answers, everyAnswer } = declaredByKind(route);
  const responses: Record<string, Response> = { ...answers };
  for (const [status, own] of Object.entries(route.responses as Record<string, Response>)) {
    const kind = answers[status];
    const description =
      kind && !own.description.includes(kind.description) ? `${own.description}; or ${kind.description}` : own.description;
    const headers = kind?.headers || own.headers ? { ...kind?.headers, ...own.headers } : undefined;
    responses[status] = { ...own, description, ...(headers ? { headers } : {}) };
  }
  if (everyAnswer) {
    for (const [status, response] of Object.entries(responses)) {
      if (status.startsWith('2')) responses[status] = { ...response, headers: { ...everyAnswer, ...response.headers } };
    }
  }
  const sorted = Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)));
  return { ...route, responses: sorted };
}
