import { z } from 'zod';
import { singleLineText } from '../text/safe-text';
import { workspaceRoles } from './workspace-roles';

export const ssoMessages = {
  issuer: 'The issuer must be an https:// URL.',
  clientId: 'Enter the client id your identity provider gave you (at most 500 characters).',
  clientSecret: 'Enter the client secret your identity provider gave you (at most 2000 characters).',
  domain: 'Enter an e-mail domain such as example.com.',
  defaultRole: 'New members through single sign-on join as viewer, editor or admin.',
} as const;

/** The role someone of the domain joins with: never owner, which only an owner gives. */
export const ssoDefaultRoles = workspaceRoles.filter((role) => role !== 'owner') as ['viewer', 'editor', 'admin'];

export const domainPattern = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/**
 * A sign-in through single sign-on refused because the identity provider named an address outside the workspace's
 * proved domain (ADR 0143): the `error` its callback sends the browser back to the login page with.
 */
export const ssoOutsideDomainCode = 'sso_outside_domain';

export function ssoOutsideDomainMessage(domain: string): string {
  return `This single sign-on is for ${domain} addresses only.`;
}

/** `PUT /api/workspaces/{id}/sso`: the OpenID Connect client the workspace's identity provider knows us as. */
export const ssoInputSchema = z.object({
  issuer: singleLineText({ error: ssoMessages.issuer })
    .trim()
    .max(500, ssoMessages.issuer)
    .pipe(z.url({ error: ssoMessages.issuer })),
  clientId: singleLineText({ error: ssoMessages.clientId }).trim().min(1, ssoMessages.clientId).max(500, ssoMessages.clientId),
  clientSecret: singleLineText({ error: ssoMessages.clientSecret })
    .trim()
    .min(1, ssoMessages.clientSecret)
    .max(2000, ssoMessages.clientSecret),
  domain: singleLineText({ error: ssoMessages.domain })
    .trim()
    .toLowerCase()
    .pipe(z.string().regex(domainPattern, { error: ssoMessages.domain })),
  defaultRole: z.enum(ssoDefaultRoles, { error: ssoMessages.defaultRole }).default('viewer'),
  passwordSignIn: z.boolean().default(true),
});
export type SsoInput = z.infer<typeof ssoInputSchema>;

/** A workspace's single sign-on as its owner sees it: never the client secret. */
export const ssoConfigSchema = z
  .object({
    issuer: z.string(),
    clientId: z.string(),
    domain: z.string(),
    /** Whether the domain is proved; nobody signs in through single sign-on before. */
    domainVerified: z.boolean(),
    defaultRole: z.enum(ssoDefaultRoles),
    passwordSignIn: z.boolean(),
    /** The DNS TXT record that proves the domain: publish `value` at `name`. */
    dnsRecord: z.object({ name: z.string(), value: z.string() }),
    /** Where the identity provider sends people back (its allowed redirect URI). */
    redirectUri: z.string(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'WorkspaceSso' });
export type SsoConfig = z.infer<typeof ssoConfigSchema>;

export const ssoDomainProofInputSchema = z.object({ method: z.enum(['dns', 'email'], { error: 'Choose dns or email.' }) });

export const ssoDomainProofSchema = z
  .object({
    method: z.enum(['dns', 'email']),
    /** For `dns`: the record to publish. */
    dnsRecord: z.object({ name: z.string(), value: z.string() }).optional(),
    /** For `email`: where the link went. */
    sentTo: z.string().optional(),
  })
  .meta({ id: 'WorkspaceSsoDomainProof' });
