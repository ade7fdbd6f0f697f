import { createRoute, type RouteHandler } from '@hono/zod-openapi';
import { addressLinkInputSchema, addressLinkResponseSchema, taskDeliveryAddressSchema } from '#shared/tasks/delivery-address.schema';
import type { AppEnv } from '../../app-env';
import { answerAddressLink } from '../../core/delivery-addresses/answer-address-link';
import { getTaskDeliveryAddress } from '../../core/delivery-addresses/get-task-delivery-address';
import { requireUserOrKey } from '../auth/api-key-middleware';
import { createRouter } from '../create-router';
import { errorResponseSchema } from '../errors';
import { json, keyAccess } from '../openapi';
import { taskIdParamSchema } from '../tasks/tasks.schemas';

/**
 * Verified delivery addresses (issue 24, ADR 0053). The links in a confirmation or result e-mail work without signing
 * in: the signed token is the proof, as for unsubscribe links (ADR 0039), and only a POST changes anything, so a mail
 * scanner that fetches every URL confirms nothing.
 */
const invalidLink = json(errorResponseSchema, 'The link is not one of ours, or its sender is gone');

export const confirmAddressRoute = createRoute({
  method: 'post',
  path: '/api/delivery-addresses/confirm',
  security: [],
  tags: ['Delivery addresses'],
  summary: 'The address wants the results of the sender named by the token',
  request: { query: addressLinkInputSchema },
  responses: { 200: json(addressLinkResponseSchema, 'Confirmed'), 400: invalidLink },
});

export const unsubscribeAddressRoute = createRoute({
  method: 'post',
  path: '/api/delivery-addresses/unsubscribe',
  security: [],
  tags: ['Delivery addresses'],
  summary: 'The address wants no more mail of the sender (one-click, RFC 8058)',
  request: { query: addressLinkInputSchema },
  responses: { 200: json(addressLinkResponseSchema, 'Unsubscribed'), 400: invalidLink },
});

export const getTaskDeliveryAddressRoute = createRoute({
  method: 'get',
  path: '/api/tasks/{id}/delivery-address',
  tags: ['Tasks'],
  middleware: [requireUserOrKey] as const,
  security: keyAccess('read'),
  summary: 'Whether the task’s e-mail target may receive results yet',
  request: { params: taskIdParamSchema },
  responses: {
    200: json(
      taskDeliveryAddressSchema,
      '`own` and `confirmed` receive results; `pending` waits for confirmation; null for other delivery methods',
    ),
    401: json(errorResponseSchema, 'Not signed in'),
    404: json(errorResponseSchema, 'No such task among yours'),
  },
});

const confirm: RouteHandler<typeof confirmAddressRoute, AppEnv> = async (c) => {
  const answer = await answerAddressLink({
    db: c.var.deps.db,
    links: c.var.deps.unsubscribeLinks,
    token: c.req.valid('query').token,
    action: 'confirm',
  });
  c.var.log.info({ status: answer.status }, 'delivery address answered by its link');
  return c.json(answer, 200);
};

const unsubscribe: RouteHandler<typeof unsubscribeAddressRoute, AppEnv> = async (c) => {
  const answer = await answerAddressLink({
    db: c.var.deps.db,
    links: c.var.deps.unsubscribeLinks,
    token: c.req.valid('query').token,
    action: 'unsubscribe',
  });
  c.var.log.info({ status: answer.status }, 'delivery address answered by its link');
  return c.json(answer, 200);
};

const getAddress: RouteHandler<typeof getTaskDeliveryAddressRoute, AppEnv> = async (c) => {
  return c.json(await getTaskDeliveryAddress({ db: c.var.deps.db, userId: c.var.sessionUser.id, taskId: c.req.valid('param').id }), 200);
};

export const deliveryAddressesRouter = createRouter()
  .openapi(confirmAddressRoute, confirm)
  .openapi(unsubscribeAddressRoute, unsubscribe)
  .openapi(getTaskDeliveryAddressRoute, getAddress);
