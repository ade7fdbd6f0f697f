import { createRoute, type RouteHandler } from '@hono/zod-openapi';
import {
  addressLinkInputSchema,
  addressLinkResponseSchema,
  resendAddressConfirmationInputSchema,
  resendAddressConfirmationResponseSchema,
  taskDeliveryAddressSchema,
} from '#shared/tasks/delivery-address.schema';
import type { AppEnv } from '../../app-env';
import { answerAddressLink } from '../../core/delivery-addresses/answer-address-link';
import { getTaskDeliveryAddress } from '../../core/delivery-addresses/get-task-delivery-address';
import { resendDeliveryAddressConfirmation } from '../../core/delivery-addresses/resend-delivery-address-confirmation';
import { createRouter } from '../create-router';
import { emailLinkRoute, errorJson, idParam, json, jsonBody, userOrKey } from '../openapi';

/**
 * Verified delivery addresses (ADRs 0053, 0142), each a workspace's: a link answers for the workspace whose
 * task asked, the person of a personal one or a team by its name (`sender`). The links in a confirmation or result
 * e-mail work without signing in: the signed token is the proof, as for unsubscribe links (ADR 0039), and only a POST changes anything, so a mail
 * scanner that fetches every URL confirms nothing.
 */
const link = {
  tags: ['Delivery addresses'],
  query: addressLinkInputSchema,
  answer: addressLinkResponseSchema,
  invalid: 'The link is not one of ours, or its sender is gone',
};

export const confirmAddressRoute = emailLinkRoute({
  ...link,
  operationId: 'confirmDeliveryAddress',
  path: '/api/delivery-addresses/confirm',
  summary: 'The address wants the results of the workspace named by the token',
  answered: 'Confirmed',
});

export const unsubscribeAddressRoute = emailLinkRoute({
  ...link,
  operationId: 'unsubscribeDeliveryAddress',
  path: '/api/delivery-addresses/unsubscribe',
  summary: 'The address wants no more mail of the workspace (one-click, RFC 8058)',
  answered: 'Unsubscribed',
});

export const getTaskDeliveryAddressRoute = createRoute({
  operationId: 'getTaskDeliveryAddress',
  tags: ['Tasks'],
  ...userOrKey('get'),
  path: '/api/tasks/{id}/delivery-address',
  summary: 'Whether the task’s e-mail target may receive results yet',
  request: { params: idParam },
  responses: {
    200: json(
      taskDeliveryAddressSchema,
      '`own`, `confirmed` (for the task’s workspace, ADR 0142) and `member` (a current member’s confirmed address, ADR 0138) receive results; `pending` and `own-unconfirmed` wait for confirmation; `unsubscribed` refused the workspace’s mail; null for other delivery methods',
    ),

    404: errorJson('No such task in the acting workspace'),
  },
});

export const resendAddressConfirmationRoute = createRoute({
  operationId: 'resendDeliveryAddressConfirmation',
  tags: ['Tasks'],
  // Asking an address again mails someone outside the workspace, as saving the task does: an editor's to do.
  ...userOrKey('post', 'editor'),
  path: '/api/tasks/{id}/delivery-address/resend',
  summary: 'Send the confirmation e-mail of a task’s e-mail destination again',
  request: { params: idParam, body: jsonBody(resendAddressConfirmationInputSchema) },
  responses: {
    202: json(resendAddressConfirmationResponseSchema, 'The confirmation e-mail is queued for the address'),
    404: errorJson('No such task in the acting workspace, or no e-mail destination with this id'),
    409: errorJson('The address is not waiting for a confirmation in this workspace'),
    429: errorJson('Sent within the last minute, or five times today'),
  },
});

/** What the link of a confirmation or result e-mail does, by its token. */
const answerLink =
  (action: 'confirm' | 'unsubscribe'): RouteHandler<typeof confirmAddressRoute, AppEnv> =>
  async (c) => {
    const answer = await answerAddressLink({
      db: c.var.deps.db,
      links: c.var.deps.unsubscribeLinks,
      token: c.req.valid('query').token,
      action,
    });
    c.var.log.info({ status: answer.status }, 'delivery address answered by its link');
    return c.json(answer, 200);
  };

const getAddress: RouteHandler<typeof getTaskDeliveryAddressRoute, AppEnv> = async (c) => {
  return c.json(await getTaskDeliveryAddress({ db: c.var.deps.db, workspaceId: c.var.workspace.id, taskId: c.req.valid('param').id }), 200);
};

const resendConfirmation: RouteHandler<typeof resendAddressConfirmationRoute, AppEnv> = async (c) => {
  const answer = await resendDeliveryAddressConfirmation({
    db: c.var.deps.db,
    workspaceId: c.var.workspace.id,
    taskId: c.req.valid('param').id,
    destinationId: c.req.valid('json').destinationId,
  });
  return c.json(answer, 202);
};

export const deliveryAddressesRouter = createRouter()
  .openapi(confirmAddressRoute, answerLink('confirm'))
  .openapi(unsubscribeAddressRoute, answerLink('unsubscribe'))
  .openapi(getTaskDeliveryAddressRoute, getAddress)
  .openapi(resendAddressConfirmationRoute, resendConfirmation);
