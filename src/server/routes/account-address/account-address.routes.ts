import { createRoute, type RouteHandler } from '@hono/zod-openapi';
import {
  addressConfirmationSentSchema,
  confirmOwnAddressInputSchema,
  ownAddressConfirmedSchema,
} from '#shared/account/address-confirmation.schema';
import type { AppEnv } from '../../app-env';
import { confirmOwnAddress } from '../../core/account-address/confirm-own-address';
import { resendOwnAddressConfirmation } from '../../core/account-address/resend-own-address-confirmation';
import { requireUser } from '../auth/session-middleware';
import { createRouter } from '../create-router';
import { emailLinkRoute, errorJson, json, noWorkspaceData, sessionOnly } from '../openapi';

/**
 * The account's own address (ADR 0109): confirmed from the link of the "Confirm your e-mail address" mail sign-up
 * sends, which works without signing in (the signed token is the proof, as for ADR 0053's links), and that mail sent
 * again from the dashboard.
 */
export const confirmOwnAddressRoute = emailLinkRoute({
  operationId: 'confirmOwnAddress',
  path: '/api/account-address/confirm',
  tags: ['Account'],
  summary: 'The account’s own e-mail address is confirmed: results e-mailed to it are delivered from now on',
  query: confirmOwnAddressInputSchema,
  answer: ownAddressConfirmedSchema,
  answered: 'Confirmed',
  invalid: 'The link is not one of ours, or its account or address is gone',
});

export const resendOwnAddressConfirmationRoute = createRoute({
  operationId: 'resendOwnAddressConfirmation',
  ...noWorkspaceData,
  security: sessionOnly,
  method: 'post',
  path: '/api/me/address-confirmation',
  tags: ['Account'],
  summary: 'Send the “Confirm your e-mail address” mail again',
  middleware: [requireUser] as const,
  responses: {
    202: json(addressConfirmationSentSchema, 'Queued, to the account’s address'),
    409: errorJson('The address is already confirmed'),
    429: errorJson('Sent in the last minute, or five times in the last day'),
  },
});

const confirm: RouteHandler<typeof confirmOwnAddressRoute, AppEnv> = async (c) => {
  const { db, unsubscribeLinks } = c.var.deps;
  const confirmed = await confirmOwnAddress({ db, links: unsubscribeLinks, token: c.req.valid('query').token });
  c.var.log.info('own address confirmed by its link');
  return c.json(confirmed, 200);
};

const resend: RouteHandler<typeof resendOwnAddressConfirmationRoute, AppEnv> = async (c) => {
  const { db, unsubscribeLinks } = c.var.deps;
  return c.json(await resendOwnAddressConfirmation({ db, links: unsubscribeLinks, userId: c.var.sessionUser.id }), 202);
};

export const accountAddressRouter = createRouter()
  .openapi(confirmOwnAddressRoute, confirm)
  .openapi(resendOwnAddressConfirmationRoute, resend);
