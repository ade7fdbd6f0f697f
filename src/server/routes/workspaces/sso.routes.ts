import { createRoute, z, type RouteHandler } from '@hono/zod-openapi';
import { ssoConfigSchema, ssoDomainProofInputSchema, ssoDomainProofSchema, ssoInputSchema } from '#shared/workspaces/sso.schema';
import type { AppEnv } from '../../app-env';
import {
  configureSso,
  confirmDomainByLink,
  getSso,
  removeSso,
  requestDomainProof,
  verifyDomainByDns,
} from '../../core/workspaces/workspace-sso';
import { createRouter } from '../create-router';
import { errorJson, json, jsonBody, noWorkspaceData } from '../openapi';
import { workspaceAccess } from './workspace-role';

/*
 * A workspace's single sign-on (ADR 0137): its owner configures the OpenID Connect provider and proves the e-mail
 * domain; people of the domain then sign in through `POST /api/auth/sign-in/sso` (docs/api.md).
 */

const tags = ['Workspaces'];
const signedOut = errorJson('Not signed in (an API key is not accepted here)');
const notOwner = errorJson('Your role in the workspace is below owner (`forbidden`)');
const notMember = errorJson('No workspace of yours has this id');
const noSso = errorJson('No workspace of yours has this id, or it has no single sign-on');
const params = z.object({
  id: z.string().openapi({ param: { name: 'id', in: 'path' }, description: 'The workspace’s id' }),
});
const ssoAnswer = json(z.object({ sso: ssoConfigSchema }), 'The single sign-on, without the client secret');

async function secretOf(c: Parameters<RouteHandler<typeof getSsoRoute, AppEnv>>[0]): Promise<string> {
  return (await c.var.deps.auth.$context).secret;
}

export const getSsoRoute = createRoute({
  operationId: 'getWorkspaceSso',
  ...workspaceAccess('owner'),
  method: 'get',
  path: '/api/workspaces/{id}/sso',
  tags,
  summary: 'The workspace’s single sign-on (owner): issuer, client id, domain and its proof, never the client secret',
  request: { params },
  responses: {
    200: json(z.object({ sso: ssoConfigSchema.nullable() }), 'The single sign-on without the client secret; null when there is none'),
    401: signedOut,
    403: notOwner,
    404: notMember,
  },
});

export const putSsoRoute = createRoute({
  operationId: 'setWorkspaceSso',
  ...workspaceAccess('owner'),
  method: 'put',
  path: '/api/workspaces/{id}/sso',
  tags,
  summary:
    'Configure the workspace’s single sign-on through an OpenID Connect provider (owner). The issuer’s discovery document is fetched now; a changed domain must be proved again before anyone signs in through it',
  request: { params, body: jsonBody(ssoInputSchema) },
  responses: {
    200: ssoAnswer,
    400: errorJson('An input is not valid (the issuer not an https URL, the domain not a domain, the role owner)'),
    401: signedOut,
    403: notOwner,
    404: notMember,
    409: errorJson('A personal workspace, or the domain is proved by another workspace already'),
    422: errorJson('The issuer’s OpenID Connect discovery failed (`sso_discovery_failed`)'),
  },
});

export const deleteSsoRoute = createRoute({
  operationId: 'deleteWorkspaceSso',
  ...workspaceAccess('owner'),
  method: 'delete',
  path: '/api/workspaces/{id}/sso',
  tags,
  summary: 'Remove the workspace’s single sign-on (owner); its members stay members',
  request: { params },
  responses: { 204: { description: 'Removed' }, 401: signedOut, 403: notOwner, 404: noSso },
});

export const ssoDomainProofRoute = createRoute({
  operationId: 'requestWorkspaceSsoDomainProof',
  ...workspaceAccess('owner'),
  method: 'post',
  path: '/api/workspaces/{id}/sso/domain-proof',
  tags,
  summary:
    'Start proving the domain (owner): `dns` answers the TXT record to publish, `email` mails a link to postmaster@ the domain (queued; valid 7 days, a new one replaces it)',
  request: { params, body: jsonBody(ssoDomainProofInputSchema) },
  responses: {
    200: json(z.object({ proof: ssoDomainProofSchema }), 'What proves the domain'),
    400: errorJson('The method is not dns or email'),
    401: signedOut,
    403: notOwner,
    404: noSso,
    409: errorJson('The domain is proved already'),
  },
});

export const verifySsoDomainRoute = createRoute({
  operationId: 'checkWorkspaceSsoDomain',
  ...workspaceAccess('owner'),
  method: 'post',
  path: '/api/workspaces/{id}/sso/verify',
  tags,
  summary: 'Look up the domain’s TXT record and mark the domain proved when it is there (owner)',
  request: { params },
  responses: {
    200: ssoAnswer,
    401: signedOut,
    403: notOwner,
    404: noSso,
    409: errorJson('Another workspace proved the domain first'),
    422: errorJson('The TXT record is not there (yet) (`domain_not_proved`)'),
  },
});

export const confirmSsoDomainRoute = createRoute({
  operationId: 'confirmSsoDomain',
  ...noWorkspaceData,
  security: [],
  method: 'post',
  path: '/api/sso-domain-proofs/{token}',
  tags,
  summary: 'Confirm a domain with the link mailed to its postmaster (no sign-in: whoever reads that mailbox vouches)',
  request: {
    params: z.object({
      token: z.string().openapi({ param: { name: 'token', in: 'path' }, description: 'The token of the e-mailed link' }),
    }),
  },
  responses: {
    200: json(z.object({ domain: z.string() }), 'The domain, now proved'),
    404: errorJson('The link names no proof, or a newer link replaced it'),
    409: errorJson('Another workspace proved the domain first'),
    410: errorJson('The link has expired (`link_expired`)'),
  },
});

const get: RouteHandler<typeof getSsoRoute, AppEnv> = async (c) =>
  c.json(
    {
      sso: await getSso({ db: c.var.deps.db, workspace: c.var.workspace, secret: await secretOf(c), appUrl: c.var.deps.env.APP_URL }),
    },
    200,
  );

const put: RouteHandler<typeof putSsoRoute, AppEnv> = async (c) => {
  const sso = await configureSso({
    db: c.var.deps.db,
    env: c.var.deps.env,
    workspace: c.var.workspace,
    actorId: c.var.sessionUser.id,
    input: c.req.valid('json'),
    secret: await secretOf(c),
  });
  c.var.log.info({ workspaceId: c.var.workspace.id }, 'single sign-on configured');
  return c.json({ sso }, 200);
};

const remove: RouteHandler<typeof deleteSsoRoute, AppEnv> = async (c) => {
  await removeSso({ db: c.var.deps.db, workspace: c.var.workspace, actorId: c.var.sessionUser.id });
  c.var.log.info({ workspaceId: c.var.workspace.id }, 'single sign-on removed');
  return c.body(null, 204);
};

const proof: RouteHandler<typeof ssoDomainProofRoute, AppEnv> = async (c) =>
  c.json(
    {
      proof: await requestDomainProof({
        db: c.var.deps.db,
        workspace: c.var.workspace,
        method: c.req.valid('json').method,
        secret: await secretOf(c),
      }),
    },
    200,
  );

const verify: RouteHandler<typeof verifySsoDomainRoute, AppEnv> = async (c) => {
  const sso = await verifyDomainByDns({
    db: c.var.deps.db,
    env: c.var.deps.env,
    workspace: c.var.workspace,
    actorId: c.var.sessionUser.id,
    secret: await secretOf(c),
  });
  c.var.log.info({ workspaceId: c.var.workspace.id }, 'single sign-on domain proved by DNS');
  return c.json({ sso }, 200);
};

const confirm: RouteHandler<typeof confirmSsoDomainRoute, AppEnv> = async (c) => {
  const answer = await confirmDomainByLink({ db: c.var.deps.db, token: c.req.valid('param').token });
  c.var.log.info('single sign-on domain proved by e-mail');
  return c.json(answer, 200);
};

export const ssoRouter = createRouter()
  .openapi(getSsoRoute, get)
  .openapi(putSsoRoute, put)
  .openapi(deleteSsoRoute, remove)
  .openapi(ssoDomainProofRoute, proof)
  .openapi(verifySsoDomainRoute, verify)
  .openapi(confirmSsoDomainRoute, confirm);
