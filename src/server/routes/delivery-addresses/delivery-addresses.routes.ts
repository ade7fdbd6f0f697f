import { createRoute, type RouteHandler } from '@hono/zod-openapi';
import { addressLinkInputSchema, addressLinkResponseSchema, taskDeliveryAddressSchema } from '#shared/tasks/delivery-address.schema';
import type { AppEnv } from '../../app-env';
import { answerAddressLink } from '../../core/delivery-addresses/answer-address-link';
import { getTaskDeliveryAddress } from '../../core/delivery-addresses/get-task-delivery-address';
import { createRouter } from '../create-router';
import { emailLinkRoute, errorJson, idParam, json, userOrKey } from '../openapi';

/**
 * Verified delivery addresses (issue 24, ADR 0053). The links in a confirmation or result e-mail work without signing
 * in: the signed token is the proof, as for unsubscribe links (ADR 0039), and only a POST changes anything, so a mail
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
  summary: 'The address wants the results of the sender named by the token',
  answered: 'Confirmed',
});

export const unsubscribeAddressRoute = emailLinkRoute({
  ...link,
  operationId: 'unsubscribeDeliveryAddress',
  path: '/api/delivery-addresses/unsubscribe',
  summary: 'The address wants no more mail of the sender (one-click, RFC 8058)',
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
      '`own`, `confirmed` and `member` (a current member’s confirmed address, ADR 0138) receive results; `pending` and `own-unconfirmed` wait for confirmation; null for other delivery methods',
    ),

    404: errorJson('No such task among yours'),
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

export const deliveryAddressesRouter = createRouter()
  .openapi(confirmAddressRoute, answerLink('confirm'))
  .openapi(unsubscribeAddressRoute, answerLink('unsubscribe'))
  .openapi(getTaskDeliveryAddressRoute, getAddress);
